export default function FixtureSection() {
  return <section>fixture section</section>;
}
