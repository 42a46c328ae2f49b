/**
 * Settings > Credimo: contenido. Adds and removes title + address rows, and sends the unsaved values to the
 * preview frame (the customer app's /content-preview page, which renders its real header and footer with them).
 * Messages go only to the app's origin, and only messages from that origin are read.
 */
(() => {
  const settings = window.credimoContentAdmin || {};
  const form = document.querySelector('.credimo-content-form');
  const frame = document.getElementById('credimo-content-preview');
  if (!form) return;

  let next = form.querySelectorAll('.credimo-row').length + 1;

  form.addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (!button) return;
    const list = button.closest('.credimo-links');
    if (button.classList.contains('credimo-add') && list) {
      const template = list.querySelector('.credimo-row-template');
      const index = `n${next++}`;
      const holder = document.createElement('ol');
      holder.innerHTML = template.innerHTML.split('__INDEX__').join(index);
      const row = holder.firstElementChild;
      list.querySelector('.credimo-rows').appendChild(row);
      row.querySelector('input').focus();
      sendPreview();
    } else if (button.classList.contains('credimo-remove')) {
      const row = button.closest('.credimo-row');
      const focusAfter = list?.querySelector('.credimo-add');
      row.remove();
      focusAfter?.focus();
      sendPreview();
    }
  });

  const text = (key) => form.querySelector(`[data-content-key="${key}"]`)?.value.trim() ?? '';

  const links = (list) =>
    Array.from(form.querySelectorAll(`.credimo-links[data-list="${list}"] .credimo-rows .credimo-row`))
      .map((row) => ({
        title: row.querySelector('[data-part="title"]').value.trim(),
        url: row.querySelector('[data-part="url"]').value.trim(),
      }))
      // Rows without a title or address are left out here; the preview leaves out addresses the plugin would refuse
      // (previewContentFrom, which checks whatever it is sent).
      .filter((link) => link.title !== '' && link.url !== '');

  /** The form as /wp-json/react/v2/data would serve it once saved (credimo_content_payload). */
  const content = () => {
    const menu = links('menu');
    return {
      header: { contacts: { schedule: text('schedule'), phone: text('phone'), email: text('email') } },
      menu,
      contacts: { phone: text('phone'), email: text('email'), address: text('address'), schedule: text('schedule') },
      footer: {
        contacts_title: text('contacts_title'),
        phone: text('phone'),
        email: text('email'),
        address: text('address'),
        menu_title: text('menu_title'),
        menu,
        menu_title_2: text('menu_title_2'),
        menu_2: links('menu_2'),
        copyright: text('copyright'),
      },
      documents: links('documents'),
    };
  };

  function sendPreview() {
    if (!frame || !settings.appOrigin || !frame.contentWindow) return;
    frame.contentWindow.postMessage({ type: 'credimo:content-preview', content: content() }, settings.appOrigin);
  }

  form.addEventListener('input', sendPreview);
  window.addEventListener('message', (event) => {
    if (event.origin !== settings.appOrigin || event.source !== frame?.contentWindow) return;
    if (event.data && event.data.type === 'credimo:content-preview-ready') sendPreview();
  });
})();
