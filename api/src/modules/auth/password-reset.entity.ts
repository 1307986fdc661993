import { Entity } from 'typeorm';
import { MailedLink } from './mailed-link.entity';

/** A single-use password reset link. */
@Entity('password_resets')
export class PasswordReset extends MailedLink {}
