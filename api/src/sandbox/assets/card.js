// The sandbox card and checkout pages' code (card tokenization, card and Bizum payments): served as a same-origin
// file so the pages need no inline script (strict CSP). Groups a card number in fours as it is typed and stops a
// second submit while the first is on its way.
(() => {
  const form = document.getElementById('card') ?? document.getElementById('checkout');
  if (!form) return;
  const number = form.querySelector('input[name="number"]');
  if (number) {
    number.addEventListener('input', () => {
      const digits = number.value.replace(/\D/g, '').slice(0, 19);
      number.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
    });
  }
  form.addEventListener('submit', () => {
    const button = form.querySelector('button[type="submit"]');
    if (button) button.disabled = true;
  });
})();
