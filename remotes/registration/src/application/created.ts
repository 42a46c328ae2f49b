/**
 * Once the application is created the product "shows application created". The redirect rules
 * move a Request straight to its waiting page (rule 9), so that is where the view appears: above the countdown,
 * for the application this browser just created (not for one found on a later visit).
 */
const createdKey = (loanId: string) => `credimo:created:${loanId}`;

export function markCreated(loanId: string, now = Date.now()): void {
  localStorage.setItem(createdKey(loanId), String(now));
}

export const justCreated = (loanId: string) => localStorage.getItem(createdKey(loanId)) !== null;
