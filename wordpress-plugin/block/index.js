/*
 * Editor side of the Credimo blocks: one block, credimo/calculator, offered as three variations (calculator,
 * registration, my loan), each with its own entry, icon and description. The canvas shows the server's preview of
 * the widget (what the page will show, with the notice editors get there); the calculator's fields are checked
 * against the product's amounts and terms, which the plugin reads from the API (/credimo/v1/product).
 */
((wp) => {
  var el = wp.element.createElement;
  var __ = wp.i18n.__;
  var sprintf = wp.i18n.sprintf;
  var blockEditor = wp.blockEditor || wp.editor;
  var components = wp.components;
  var ServerSideRender = wp.serverSideRender;

  var WIDGETS = [
    {
      name: 'calculator',
      title: __('Credimo: calculator', 'credimo'),
      label: __('Calculator', 'credimo'),
      description: __('The loan calculator: the customer chooses amount and term and applies.', 'credimo'),
      icon: 'calculator',
      isDefault: true,
    },
    {
      name: 'registration',
      title: __('Credimo: registration', 'credimo'),
      label: __('Registration', 'credimo'),
      description: __('Sign-in with the mobile phone and the profile steps, on the page.', 'credimo'),
      icon: 'id',
    },
    {
      name: 'my-loan',
      title: __('Credimo: my loan', 'credimo'),
      label: __('My loan', 'credimo'),
      description: __(
        "The signed-in customer's loan: status, amount, due date and the amount to repay today.",
        'credimo',
      ),
      icon: 'money-alt',
    },
  ];
  var byName = (name) => WIDGETS.find((w) => w.name === (name || 'calculator')) || WIDGETS[0];

  /** An amount as Spanish readers write it, as the plugin's PHP does (1.000, 12,50). */
  var euros = (value) => {
    var parts = Number(value)
      .toFixed(Number(value) % 1 ? 2 : 0)
      .split('.');
    return parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, '.') + (parts[1] ? ',' + parts[1] : '');
  };
  var onStep = (value, range) => {
    var steps = (value - range.min) / range.step;
    return value >= range.min && value <= range.max && Math.abs(steps - Math.round(steps)) < 0.0001;
  };

  /** Field => message for the calculator's values that the page would not use as written. */
  function problems(a, product, promoValid) {
    var errors = {};
    var amountText = (a.amount || '').trim();
    var termText = (a.term || '').trim();
    var amount = Number(amountText.replace(',', '.'));
    var term = Number(termText);
    if (amountText !== '') {
      if (!/^\d+([.,]\d{1,2})?$/.test(amountText) || !(amount > 0)) {
        errors.amount = __('Write an amount in euros, digits only (for example 300).', 'credimo');
      } else if (product && !onStep(amount, product.amount)) {
        errors.amount = sprintf(
          /* translators: 1: minimum, 2: maximum, 3: step, in euros */
          __('Write an amount from %1$s to %2$s €, in steps of %3$s €.', 'credimo'),
          euros(product.amount.min),
          euros(product.amount.max),
          euros(product.amount.step),
        );
      }
    }
    if (termText !== '') {
      if (!/^\d+$/.test(termText) || !(term > 0)) {
        errors.term = __('Write a term in days, digits only (for example 30).', 'credimo');
      } else if (product && !onStep(term, product.term)) {
        errors.term = sprintf(
          /* translators: 1: minimum, 2: maximum, 3: step, in days */
          __('Write a term from %1$d to %2$d days, in steps of %3$d.', 'credimo'),
          product.term.min,
          product.term.max,
          product.term.step,
        );
      }
    }
    if ((amountText === '') !== (termText === '') && !errors.amount && !errors.term) {
      errors[amountText === '' ? 'amount' : 'term'] = __(
        'Write both the amount and the term, or neither: one alone is not used.',
        'credimo',
      );
    }
    var code = (a.promocode || '').trim();
    if (code !== '' && (!/^[A-Za-z0-9]{1,10}$/.test(code) || promoValid === false)) {
      errors.promocode = __('This promo code does not exist: the calculator would open without it.', 'credimo');
    }
    return errors;
  }

  function Edit(props) {
    var a = props.attributes;
    var widget = byName(a.widget);
    var calculator = widget.name === 'calculator';
    var productState = wp.element.useState(null);
    var product = productState[0];
    var promoState = wp.element.useState(null);
    var promoValid = promoState[0];
    wp.element.useEffect(() => {
      if (!calculator) return;
      wp.apiFetch({ path: '/credimo/v1/product' })
        .then(productState[1])
        .catch(() => productState[1](false));
    }, [calculator]);
    var code = (a.promocode || '').trim().toUpperCase();
    wp.element.useEffect(() => {
      promoState[1](null);
      if (!calculator || !/^[A-Z0-9]{1,10}$/.test(code)) return;
      var cancelled = false;
      var timer = setTimeout(() => {
        wp.apiFetch({ path: '/credimo/v1/promocode?code=' + encodeURIComponent(code) }).then((answer) => {
          if (!cancelled) promoState[1](answer.valid);
        });
      }, 400);
      return () => {
        cancelled = true;
        clearTimeout(timer);
      };
    }, [calculator, code]);
    var errors = calculator ? problems(a, product || null, promoValid) : {};

    function field(name, label, help) {
      return el(components.TextControl, {
        label: label,
        value: a[name],
        className: errors[name] ? 'credimo-field-has-error' : undefined,
        help: errors[name] ? el('span', { role: 'alert', style: { color: '#cc1818' } }, errors[name]) : help,
        onChange: (value) => {
          var next = {};
          next[name] = value;
          props.setAttributes(next);
        },
      });
    }
    var ranges =
      product && product.amount
        ? sprintf(
            /* translators: 1: product id, 2: minimum amount, 3: maximum amount, 4: minimum term, 5: maximum term */
            __('Product %1$d: amounts from %2$s to %3$s €, terms from %4$d to %5$d days.', 'credimo'),
            product.id,
            euros(product.amount.min),
            euros(product.amount.max),
            product.term.min,
            product.term.max,
          )
        : product === false
          ? __('The API does not answer: the amount and the term cannot be checked (Settings > Credimo).', 'credimo')
          : '';

    return el(
      'div',
      blockEditor.useBlockProps({ 'aria-label': label(a) }),
      el(
        blockEditor.InspectorControls,
        null,
        el(
          components.PanelBody,
          { title: __('Widget', 'credimo') },
          el(components.SelectControl, {
            label: __('Widget', 'credimo'),
            value: widget.name,
            options: WIDGETS.map((w) => ({ value: w.name, label: w.label })),
            help: widget.description,
            onChange: (value) => props.setAttributes({ widget: value }),
          }),
        ),
        calculator &&
          el(
            components.PanelBody,
            { title: __('Calculator', 'credimo') },
            ranges && el('p', { className: 'credimo-product-ranges' }, ranges),
            field(
              'amount',
              __('Starting amount (€)', 'credimo'),
              __('Empty: the product\u2019s default. Goes with the term.', 'credimo'),
            ),
            field(
              'term',
              __('Starting term (days)', 'credimo'),
              __('Empty: the product\u2019s default. Goes with the amount.', 'credimo'),
            ),
            field(
              'promocode',
              __('Promo code', 'credimo'),
              __('Optional: applied when the calculator opens.', 'credimo'),
            ),
          ),
      ),
      Object.keys(errors).length > 0 &&
        el(
          components.Notice,
          { status: 'warning', isDismissible: false, className: 'credimo-block-warning' },
          el(
            'ul',
            { style: { margin: 0 } },
            Object.keys(errors).map((name) => el('li', { key: name }, errors[name])),
          ),
        ),
      el(Preview, { attributes: a }),
    );
  }

  /**
   * The server's preview, re-rendered only when the attributes change: ServerSideRender debounces its request, and
   * a re-render of its own for anything else (a promo code's check coming back) would cancel the pending one.
   */
  var Preview = wp.element.memo(
    (props) =>
      el(ServerSideRender, {
        block: 'credimo/calculator',
        attributes: props.attributes,
        urlQueryArgs: { credimo_preview: '1' },
      }),
    (before, after) => before.attributes === after.attributes,
  );

  /** The block's name in List View and the breadcrumb: the widget, and the calculator's values. */
  function label(a) {
    var widget = byName(a.widget);
    if (widget.name !== 'calculator') return widget.title;
    return [widget.title, a.amount ? a.amount + ' €' : '', a.term ? sprintf(__('%s days', 'credimo'), a.term) : '']
      .filter(Boolean)
      .join(' · ');
  }

  wp.blocks.registerBlockType('credimo/calculator', {
    edit: Edit,
    save: () => null,
    __experimentalLabel: (attributes, context) =>
      context && context.context === 'list-view' ? label(attributes) : undefined,
    variations: WIDGETS.map((w) => ({
      name: w.name,
      title: w.title,
      description: w.description,
      icon: w.icon,
      isDefault: !!w.isDefault,
      attributes: { widget: w.name },
      example: {
        attributes: w.name === 'calculator' ? { widget: w.name, amount: '300', term: '30' } : { widget: w.name },
      },
      scope: ['inserter', 'block', 'transform'],
      isActive: (attributes) => (attributes.widget || 'calculator') === w.name,
    })),
  });
})(window.wp);
