import { useState } from 'react';

// Packages written for Node read `global`; the build must map it without a runtime shim.
const host = typeof global === 'object' ? 'global' : 'window';

export default function FixturePage() {
  const [count, setCount] = useState(0);
  return (
    <button onClick={() => setCount(count + 1)}>
      fixture page on {host}: {count}
    </button>
  );
}
