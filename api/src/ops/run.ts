import { messages } from '@credimo/shared/i18n';
import { BankFileError } from '../bank-files/xml';
import { ApiError } from '../errors';
import { audit } from '../identity/audit';
import { ServicingUsageError } from '../servicing/operator-commands';
import { type CommandContext, type CommandResult, OPERATOR_COMMANDS, OperatorUsageError, USAGE } from './commands';
import { operatorSecretMatches } from './secret';

export interface OperatorRequest {
  command: string;
  args: string[];
  /** Who asked: the operator's login name on the machine that ran the command, for the audit log. */
  operator: string;
  /** Where from: the caller's address through the API, null when the command opened the database itself. */
  address: string | null;
}

/** Runs one entry of the command table and writes it to audit_log like every operator action. */
export async function runOperatorCommand(context: CommandContext, request: OperatorRequest): Promise<CommandResult> {
  const command = Object.hasOwn(OPERATOR_COMMANDS, request.command) ? OPERATOR_COMMANDS[request.command] : undefined;
  if (!command) throw new OperatorUsageError(USAGE);
  const result = await command.run(request.args, { ...context, operator: request.operator }).catch((error) => {
    // Servicing's own usage errors, and a loan whose status refuses the step, are one line for the operator.
    if (error instanceof ServicingUsageError || error instanceof BankFileError)
      throw new OperatorUsageError(error.message);
    if (error instanceof ApiError && error.statusCode === 409) throw new OperatorUsageError(error.message);
    throw error;
  });
  await audit(context.db, {
    actor: `operator:${request.operator || 'unknown'}`,
    subject: result.subject,
    action: `ops ${request.command}`,
    address: request.address,
    detail: { args: request.args },
  });
  return result;
}

/** The operator endpoint: the secret first, then the command; usage problems answer 422 with their line. */
export async function runAuthorizedCommand(
  context: CommandContext,
  presentedSecret: string | undefined,
  request: OperatorRequest,
): Promise<{ lines: string[] }> {
  if (!operatorSecretMatches(context.config.operator, presentedSecret)) {
    throw ApiError.request(401, messages.operatorUnauthorized);
  }
  try {
    const { lines } = await runOperatorCommand(context, request);
    return { lines };
  } catch (error) {
    if (error instanceof OperatorUsageError) throw ApiError.field(422, 'args', error.message);
    throw error;
  }
}
