import { fill, messages, t } from './messages';

describe('the Spanish catalogue', () => {
  test('holds every validation message, in Spanish of Spain', () => {
    expect(Object.values(messages)).toEqual(
      expect.arrayContaining([
        'El campo no puede estar vacío',
        'Marca esta casilla para continuar',
        '{from} caracteres de {to} se ingresan',
        'El teléfono no es válido',
        'Correo electrónico incorrecto',
        'Solo números permitidos',
        'Fecha no válida',
        'La fecha es inferior al mínimo posible',
        'Fecha superior a la fecha máxima posible',
        'Datos incorrectos',
        'Número de IBAN incorrecto',
        'No se encontró el código promocional',
      ]),
    );
  });

  test('placeholders are filled', () => {
    expect(t('minLengthField', { from: 3, to: 9 })).toBe('3 caracteres de 9 se ingresan');
  });

  test("any catalogue's text is filled the same way, and a placeholder without a value stays", () => {
    expect(fill('Préstamo {reference}: {amount}', { reference: 'CR1' })).toBe('Préstamo CR1: {amount}');
    expect(fill('{a}{a}', { a: 0 })).toBe('00');
  });
});
