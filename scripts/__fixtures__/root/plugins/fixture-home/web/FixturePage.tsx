import { useState } from 'react';

export default function FixturePage() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>fixture page {count}</button>;
}
