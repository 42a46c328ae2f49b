// The sandbox unnax widget: the provider's script, loaded by the app's page from the provider's origin. It walks
// the customer through the (simulated) bank login inside a container of that page, asks its own server to open the
// bank session (which posts its signed callback to the API), and reports the ending to the page as a `unnax:result`
// event on the container: { status: success | error | cancel, fields (the bank session) | code }.
(() => {
  const script = document.currentScript;
  const origin = script ? new URL(script.src).origin : window.location.origin;
  const BANKS = ['CaixaBank', 'BBVA', 'Santander', 'Sabadell', 'Bankinter'];
  const OUTCOMES = [
    ['success', 'Datos importados'],
    ['no_transactions', 'Cuenta sin movimientos recientes'],
    ['error', 'Identidad no verificada'],
    ['cancel', 'Cancelar'],
  ];

  const element = (tag, properties = {}, children = []) => {
    const node = document.createElement(tag);
    Object.assign(node, properties);
    for (const child of children) node.append(child);
    return node;
  };
  const labelled = (text, control) => element('label', {}, [`${text} `, control]);

  function mount(container, { widgetSession }) {
    container.replaceChildren();
    const report = (result) => container.dispatchEvent(new CustomEvent('unnax:result', { detail: result }));
    const bank = element(
      'select',
      { name: 'bank' },
      BANKS.map((name) => element('option', { value: name, textContent: name })),
    );
    const user = element('input', { name: 'user', autocomplete: 'off', required: true });
    const outcomes = OUTCOMES.map(([value, text], index) =>
      labelled(text, element('input', { type: 'radio', name: 'unnax-outcome', value, checked: index === 0 })),
    );
    const status = element('p', { role: 'status' });
    const submit = element('button', { type: 'submit', textContent: 'Conectar' });
    const form = element('form', { noValidate: false }, [
      element('h2', { textContent: 'Conecta tu banco con Unnax' }),
      element('p', { textContent: 'Agregador de pruebas (sandbox unnax): no escribas claves reales.' }),
      labelled('Banco', bank),
      labelled('Usuario de banca online', user),
      element('fieldset', {}, [element('legend', { textContent: 'Resultado simulado' }), ...outcomes]),
      submit,
      status,
    ]);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const outcome = form.querySelector('input[name="unnax-outcome"]:checked')?.value ?? 'success';
      submit.disabled = true;
      status.textContent = 'Conectando con tu banco…';
      try {
        const answer = await fetch(`${origin}/sandbox/aggregation/unnax/sessions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ widget_session: widgetSession, bank: bank.value, user: user.value, outcome }),
        });
        if (!answer.ok) throw new Error(`status ${answer.status}`);
        status.textContent = '';
        report(await answer.json());
      } catch {
        submit.disabled = false;
        status.textContent = 'No hemos podido conectar con tu banco. Inténtalo de nuevo.';
      }
    });
    container.append(form);
  }

  window.UnnaxWidget = { mount };
})();
