/* Editor side of the Credimo block: which widget, and the calculator's fields; the page renders it like the shortcode. */
((wp) => {
  var el = wp.element.createElement;
  var TextControl = wp.components.TextControl;
  var SelectControl = wp.components.SelectControl;
  var WIDGETS = [
    { value: 'calculator', label: 'Calculadora' },
    { value: 'registration', label: 'Registro' },
    { value: 'my-loan', label: 'Mi préstamo' },
  ];
  var InspectorControls = (wp.blockEditor || wp.editor).InspectorControls;
  var useBlockProps = (wp.blockEditor || wp.editor).useBlockProps;
  var PanelBody = wp.components.PanelBody;
  wp.blocks.registerBlockType('credimo/calculator', {
    edit: (props) => {
      var a = props.attributes;
      var calculator = !a.widget || a.widget === 'calculator';
      function field(name, label) {
        return el(TextControl, {
          label: label,
          value: a[name],
          onChange: (value) => {
            var next = {};
            next[name] = value;
            props.setAttributes(next);
          },
        });
      }
      return el(
        'div',
        useBlockProps(),
        el(
          InspectorControls,
          null,
          el(
            PanelBody,
            { title: 'Widget' },
            el(SelectControl, {
              label: 'Widget',
              value: a.widget || 'calculator',
              options: WIDGETS,
              onChange: (value) => props.setAttributes({ widget: value }),
            }),
          ),
          calculator &&
            el(
              PanelBody,
              { title: 'Calculadora' },
              field('amount', 'Importe inicial (€)'),
              field('term', 'Plazo inicial (días)'),
              field('promocode', 'Código promocional'),
            ),
        ),
        el(
          'p',
          null,
          calculator
            ? 'Calculadora Credimo' +
                (a.amount ? ' · ' + a.amount + ' €' : '') +
                (a.term ? ' · ' + a.term + ' días' : '')
            : 'Credimo: ' + WIDGETS.find((w) => w.value === a.widget).label,
        ),
      );
    },
    save: () => null,
  });
})(window.wp);
