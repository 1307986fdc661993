/** The spec's option lists (001 section 5): what a vacancy may say, as it is stored and shown. */
export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Internship', 'Remote'] as const;
export const EXPERIENCE_LEVELS = ['Entry Level', 'Mid Level', 'Senior Level', 'Executive'] as const;
export const CURRENCIES = ['ZAR', 'USD', 'EUR', 'GBP', 'AUD', 'CAD', 'JPY', 'INR'] as const;
export const DEFAULT_CURRENCY = 'ZAR';
