/**
 * An article body as the server answers it: sanitised against the allow-list when it was saved (no script,
 * style, event attributes or javascript: URLs). Only bodies read from the articles API come here.
 */
export function ArticleBody({ html }: { html: string }) {
  return <div className="art-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
