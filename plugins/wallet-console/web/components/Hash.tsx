/** A long address or transaction hash, shortened in the middle; the full value is its title and copy text. */
export function Hash({ value }: { value: string | null | undefined }) {
  if (!value) return <>–</>;
  const short = value.length > 18 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value;
  return (
    <span className="wc-hash" title={value} data-value={value}>
      {short}
    </span>
  );
}
