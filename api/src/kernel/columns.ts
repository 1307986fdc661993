/** `date` columns read as 'YYYY-MM-DD' whether the driver hands a Date (plain-row reads) or text. */
export const dateOnly = {
  from: (v: Date | string | null): string | null => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'string') return v.slice(0, 10);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
  },
  to: (v: string | null | undefined) => v,
};
