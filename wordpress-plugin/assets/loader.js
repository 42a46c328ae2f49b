/* Credimo loader: mounts [data-credimo-widget] placeholders near the viewport. Hand-kept tiny (< 1 KB gzipped). */
((w, d) => {
  var c = w.credimoConfig || {},
    scope = {},
    containers = {},
    runtime,
    conf;
  // The plugin hands over the config and the manifests it keeps (c.config, c.manifests: an object, maybe empty):
  // then nothing waits for them.
  function json(url, kept) {
    return kept
      ? Promise.resolve(kept)
      : fetch(url).then((r) => {
          if (!r.ok) throw r;
          return r.json();
        });
  }
  function config() {
    return conf || (conf = json(c.configUrl, c.config));
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
  function preload(href) {
    var l = d.createElement('link');
    l.rel = 'preload';
    l.as = 'script';
    l.href = href;
    d.head.appendChild(l);
  }
  // One container per remote, all initialised with one share scope: one React for every widget on the page.
  function container(name) {
    return (
      containers[name] ||
      (containers[name] = config().then((cf) => {
        var manifest = cf.remotes[name],
          base = manifest.replace(/[^/]*$/, ''),
          entry = base + 'remoteEntry.js';
        preload(entry);
        // The remote's manifest names the files its mount needs before it can run (firstLoad, shared modules
        // included): fetch them while the container itself arrives, instead of after it. What loads later, when
        // first used (the API client), is not fetched.
        return json(manifest, c.manifests[name])
          .then((m) => {
            var seen = {};
            m.exposes
              .find((e) => e.path === './mount')
              .firstLoad.forEach((f) => {
                // Chunks with the same content hash are the same code: the runtime loads only one.
                var h = f.split('.')[1];
                if (seen[h]) return;
                seen[h] = 1;
                preload(base + f);
              });
            // A container that borrows the federation runtime (the app's shell lends it) names the runtime's
            // file: it runs first, once for every widget on the page.
            return m.runtime && (runtime = runtime || script(base + m.runtime));
          })
          .then(() => script(entry))
          .then(() => {
            var k = w['credimo_' + name];
            return Promise.resolve(k.init(scope)).then(() => k);
          });
      }))
    );
  }
  function mount(el) {
    // The remote that serves the widget (my-loan: account); its screen comes in the props.
    var data = el.dataset,
      name = data.credimoRemote || data.credimoWidget,
      props = {};
    try {
      props = JSON.parse(data.props || '{}');
    } catch (e) {}
    props.apiBaseUrl = c.apiBaseUrl;
    props.applyUrl = c.appUrl;
    props.productId = props.product || c.productId;
    Promise.all([container(name), config()])
      .then((r) => {
        // The app's captcha site key (config.json), for the sign-in the registration widget sends.
        props.recaptchaSiteKey = r[1].recaptchaSiteKey;
        return r[0].get('./mount');
      })
      .then((f) => {
        var m = f();
        // The skeleton stays until the widget's first render replaces it (React clears the element as it
        // commits): emptying it here left the page a frame without the reserved box, and the footer jumped.
        (m.mount || m.default)(el, props);
      })
      .catch(() => {
        var f = d.createElement('div');
        f.className = 'credimo-widget-fallback';
        f.setAttribute('role', 'alert');
        f.textContent = 'Este contenido no está disponible ahora mismo. Inténtalo de nuevo más tarde.';
        el.textContent = '';
        el.appendChild(f);
      });
  }
  var io =
    'IntersectionObserver' in w &&
    new IntersectionObserver(
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
  // Printed right after the first placeholder: watch those parsed so far, and the rest once the page is parsed.
  function scan() {
    [].forEach.call(d.querySelectorAll('[data-credimo-widget]:not([data-credimo-seen])'), (el) => {
      el.setAttribute('data-credimo-seen', '');
      // Already near the viewport: mount now rather than wait for the observer's first callback.
      // (No less-than sign anywhere: WordPress's content filters would read it as the start of a tag.)
      !io || w.innerHeight + 300 > el.getBoundingClientRect().top ? mount(el) : io.observe(el);
    });
  }
  scan();
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', scan);
})(window, document);
