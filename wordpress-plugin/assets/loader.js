/* Credimo loader: mounts [data-credimo-widget] placeholders near the viewport. Hand-kept tiny (< 1 KB gzipped). */
((w, d) => {
  var c = w.credimoConfig || {},
    scope = {},
    containers = {},
    conf;
  function config() {
    return (
      conf ||
      (conf = fetch(c.configUrl).then((r) => {
        if (!r.ok) throw r;
        return r.json();
      }))
    );
  }
  function script(src) {
    return new Promise((ok, fail) => {
      var s = d.createElement('script');
      s.src = src;
      s.onload = ok;
      s.onerror = fail;
      d.head.appendChild(s);
    });
  }
  // One container per remote, all initialised with one share scope: one React for every widget on the page.
  function container(name) {
    return (
      containers[name] ||
      (containers[name] = config().then((cf) =>
        script(cf.remotes[name].replace(/[^/]*$/, 'remoteEntry.js')).then(() => {
          var k = w['credimo_' + name];
          return Promise.resolve(k.init(scope)).then(() => k);
        }),
      ))
    );
  }
  function mount(el) {
    var name = el.getAttribute('data-credimo-widget'),
      props = {};
    try {
      props = JSON.parse(el.getAttribute('data-props') || '{}');
    } catch (e) {}
    props.apiBaseUrl = c.apiBaseUrl;
    props.applyUrl = c.appUrl;
    props.productId = props.product || c.productId;
    container(name)
      .then((k) => k.get('./mount'))
      .then((f) => {
        var m = f();
        el.textContent = '';
        (m.mount || m.default)(el, props);
      })
      .catch(() => {
        el.innerHTML =
          '<div class="credimo-widget-fallback" role="alert">Este contenido no está disponible ahora mismo. Inténtalo de nuevo más tarde.</div>';
      });
  }
  var els = d.querySelectorAll('[data-credimo-widget]'),
    io;
  if (!('IntersectionObserver' in w)) return [].forEach.call(els, mount);
  io = new IntersectionObserver(
    (entries) => {
      entries.forEach((e) => {
        if (e.isIntersecting) {
          io.unobserve(e.target);
          mount(e.target);
        }
      });
    },
    { rootMargin: '300px' },
  );
  [].forEach.call(els, (el) => {
    io.observe(el);
  });
})(window, document);
