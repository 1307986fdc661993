/** A price in rand as the screens show it (docs UI.md): "R 1 200", with cents only when there are some ("R 99,50"). */
export function formatRand(amount: number): string {
  const cents = Math.round(amount * 100) % 100 !== 0;
  const n = new Intl.NumberFormat('en-ZA', { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 }).format(
    amount,
  );
  // en-ZA groups thousands with a no-break space: keep it (a price never wraps between its digits).
  return `R ${n}`;
}
