import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import type { Stack } from '../../scripts/stack';
import { accessible, watchConsole, watchCspViolations } from '../src/browser';
import { stackPorts } from '../src/ports';
import { registerThroughPages } from '../src/registration';
import { signInThroughPages } from '../src/session';
import { withStack } from '../src/stack-hooks';

const PHONE = '612000962';
/** The sandbox's demo staff (docs/operating.md, Operators' console): seeded by the API in sandbox mode only. */
const AGENT = { username: 'agente', password: 'agente-sandbox-1', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const ADMIN = { username: 'admin', password: 'admin-sandbox-12', totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' };

/** The code an authenticator app shows now; `stepsAhead` gives the next one (a code is good once). */
const totpCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

async function signIn(page: Page, stack: Stack, member: typeof AGENT, code = totpCode(member.totpSecret)) {
  await page.goto(`${stack.urls.api}/console`);
  await page.getByRole('heading', { name: 'Acceso del personal' }).waitFor();
  await page.getByLabel('Usuario').fill(member.username);
  await page.getByLabel('Contraseña').fill(member.password);
  await page.getByLabel(/Código de verificación/).fill(code);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

describe('the operators console in Chromium: staff management, the audit and finding a customer by name', () => {
  const site = withStack({ ...stackPorts(3990) });

  test('an admin finds a customer by name, reads the audit filtered, disables an agent who is signed out at once, and resets their password', async () => {
    // The customer signs in and registers through the pages.
    const customer = await (await site.browser.newContext()).newPage();
    await signInThroughPages(customer, site.stack.urls.app, PHONE);
    await registerThroughPages(customer, PHONE);
    await customer.context().close();

    // The agent is at work in their own browser.
    const agent = await (await site.browser.newContext()).newPage();
    const agentErrors = watchConsole(agent);
    await signIn(agent, site.stack, AGENT);
    await agent.getByRole('heading', { name: 'Solicitudes en verificación manual' }).waitFor();

    const admin = await (await site.browser.newContext()).newPage();
    const cspViolations = await watchCspViolations(admin);
    const adminErrors = watchConsole(admin);
    await signIn(admin, site.stack, ADMIN);
    await admin.getByRole('heading', { name: 'Solicitudes en verificación manual' }).waitFor();

    // A customer by part of their name, without accents.
    await admin.getByRole('link', { name: 'Buscar cliente' }).click();
    await admin.getByLabel(/Nombre, teléfono/).fill('ana garcia');
    await admin.getByRole('button', { name: 'Buscar' }).click();
    await admin.getByRole('link', { name: 'Ana García' }).first().waitFor();
    await accessible(admin, 'the search results by name');
    await admin.getByLabel(/Nombre, teléfono/).fill('12ab');
    await admin.getByRole('button', { name: 'Buscar' }).click();
    await admin.getByText(/Escribe un nombre o apellido/).waitFor();
    assert.equal(await admin.getByLabel(/Nombre, teléfono/).getAttribute('aria-invalid'), 'true');
    await accessible(admin, 'the search with a message on its field');

    // Staff: the agent is active; the admin disables them.
    await admin.getByRole('link', { name: 'Personal' }).click();
    await admin.getByRole('heading', { name: 'Personal y sesiones' }).waitFor();
    await accessible(admin, 'the staff page');
    assert.equal(await admin.getByRole('button', { name: 'Desactivar admin' }).count(), 0, 'not themself');
    await admin.getByRole('button', { name: 'Desactivar agente' }).click();
    await admin.getByText(/Cuenta agente desactivada/).waitFor();
    await accessible(admin, 'the result of disabling');

    // The agent's next click lands on the sign-in page, and signing in again is refused.
    await agent.getByRole('link', { name: 'Buscar cliente' }).click();
    await agent.getByRole('heading', { name: 'Acceso del personal' }).waitFor();
    await signIn(agent, site.stack, AGENT, totpCode(AGENT.totpSecret, 1));
    await agent.getByText('Usuario, contraseña o código incorrectos.').waitFor();

    // The audit, filtered by the admin's actions on staff.
    await admin.getByRole('link', { name: 'Auditoría' }).click();
    await admin.getByLabel('Miembro del personal').selectOption('admin');
    await admin.getByLabel(/Acción/).fill('staff-disable');
    await admin.getByRole('button', { name: 'Filtrar' }).click();
    await admin.getByRole('cell', { name: 'console staff-disable' }).waitFor();
    assert.equal(await admin.getByRole('cell', { name: 'console sign-in' }).count(), 0);
    await accessible(admin, 'the audit filtered');
    await admin.getByLabel('Desde el día').fill('2026-03-02');
    await admin.getByLabel('Hasta el día (incluido)').fill('2026-03-01');
    await admin.getByRole('button', { name: 'Filtrar' }).click();
    await admin.getByText('La fecha final no puede ser anterior a la inicial.').waitFor();
    await accessible(admin, 'the audit with a wrong filter');

    // Back on, with a temporary password the agent must change at once.
    await admin.getByRole('link', { name: 'Personal' }).click();
    await admin.getByRole('button', { name: 'Reactivar agente' }).click();
    await admin.getByText('Cuenta agente reactivada.').waitFor();
    await admin.getByRole('link', { name: 'Volver a la consola' }).click();
    await admin.getByRole('link', { name: 'Personal' }).click();
    await admin.getByRole('button', { name: 'Restablecer la contraseña de agente' }).click();
    const line = (await admin.getByText(/^Contraseña temporal: /).textContent()) ?? '';
    const temporary = line.replace('Contraseña temporal: ', '').trim();
    assert.ok(temporary.length >= 20);

    await signIn(agent, site.stack, { ...AGENT, password: temporary }, totpCode(AGENT.totpSecret, 1));
    await agent.getByRole('heading', { name: 'Completa tu acceso' }).waitFor();
    await accessible(agent, 'the setup page');
    await agent.getByLabel(/Nueva contraseña/).fill('nueva-clave-agente-1');
    await agent.getByLabel('Repite la nueva contraseña').fill('otra-cosa-distinta-1');
    await agent.getByRole('button', { name: 'Guardar y continuar' }).click();
    await agent.getByText('Las dos contraseñas no coinciden.').waitFor();
    await accessible(agent, 'the setup page with a message on its field');
    await agent.getByLabel(/Nueva contraseña/).fill('nueva-clave-agente-1');
    await agent.getByLabel('Repite la nueva contraseña').fill('nueva-clave-agente-1');
    await agent.getByRole('button', { name: 'Guardar y continuar' }).click();
    await agent.getByRole('heading', { name: 'Solicitudes en verificación manual' }).waitFor();

    assert.deepEqual(cspViolations, [], 'the console runs within its CSP');
    assert.deepEqual(
      adminErrors.filter((e) => !e.startsWith('422 ')),
      [],
      'only the wrong search and filter answered 422',
    );
    // The refused sign-in (401) and the setup with different passwords (422) were on purpose.
    assert.deepEqual(
      agentErrors.filter((e) => !e.startsWith('401 ') && !e.startsWith('422 ')),
      [],
    );
  });
});
