import nodemailer from 'nodemailer';
import type { Logger } from './logger';
import { settings } from './settings';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends a mail through SMTP_URL. Without it the mail goes to the server log, so a local install
 * still gets its reset links.
 */
export async function sendMail(mail: Mail, log: Logger): Promise<void> {
  const url = settings().smtpUrl;
  if (!url) {
    log.info({ mailTo: mail.to, subject: mail.subject, body: mail.text }, 'mail (no SMTP_URL set, logged instead)');
    return;
  }
  const transport = nodemailer.createTransport(url);
  try {
    await transport.sendMail({ from: settings().mailFrom, ...mail });
  } finally {
    transport.close();
  }
}
