/* Editor side of the Calculadora Credimo block: attribute fields; the page renders it like the shortcode. */
((wp) => {
  var el = wp.element.createElement;
  var TextControl = wp.components.TextControl;
  var InspectorControls = (wp.blockEditor || wp.editor).InspectorControls;
  var useBlockProps = (wp.blockEditor || wp.editor).useBlockProps;
  var PanelBody = wp.components.PanelBody;
  wp.blocks.registerBlockType('credimo/calculator', {
    edit: (props) => {
      var a = props.attributes;
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
            { title: 'Calculadora' },
            field('amount', 'Importe inicial (€)'),
            field('term', 'Plazo inicial (días)'),
            field('promocode', 'Código promocional'),
          ),
        ),
        el(
          'p',
          null,
          'Calculadora Credimo' + (a.amount ? ' · ' + a.amount + ' €' : '') + (a.term ? ' · ' + a.term + ' días' : ''),
        ),
      );
    },
    save: () => null,
  });
})(window.wp);
