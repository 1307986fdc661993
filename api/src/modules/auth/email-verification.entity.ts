import { Column, Entity } from 'typeorm';
import { MailedLink } from './mailed-link.entity';

/** A single-use link that proves a member receives mail at `email`. */
@Entity('email_verifications')
export class EmailVerification extends MailedLink {
  /** The address the link was sent to: it confirms only while the member still has this address. */
  @Column('citext')
  email: string;
}
