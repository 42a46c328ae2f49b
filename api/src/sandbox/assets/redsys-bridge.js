// Posts the signed form to the card gateway as soon as the page is read; its button does the same without script.
document.addEventListener('DOMContentLoaded', () => {
  const form = document.getElementById('gateway');
  if (form) form.submit();
});
