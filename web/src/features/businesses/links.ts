/** The contact links of a business page (spec 001 section 2.2): Email, Call and WhatsApp. */
interface ContactLinks {
  /** mailto: the page's e-mail address; without one, the website value (as the spec's Email button does). */
  email: string | null;
  call: string | null;
  whatsapp: string | null;
}

export function contactLinks(b: {
  email?: string | null;
  website?: string | null;
  phone?: string | null;
}): ContactLinks {
  const mailTarget = b.email || b.website || null;
  const digits = (b.phone ?? '').replace(/\D/g, '');
  return {
    email: mailTarget ? `mailto:${mailTarget}` : null,
    call: b.phone ? `tel:${b.phone.replace(/[^\d+]/g, '')}` : null,
    whatsapp: digits ? `https://wa.me/${digits}` : null,
  };
}

/** The directory's radius when the URL names none. */
export const DEFAULT_RADIUS_KM = 100;

/** The review dialog's star labels (spec 001 section 4). */
export const STAR_LABELS = ['Poor', 'Fair', 'Good', 'Very Good', 'Excellent'] as const;
