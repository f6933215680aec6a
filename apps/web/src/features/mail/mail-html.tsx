import './mail.css';

/**
 * A notice's or a reply's body: HTML the server has already sanitised (the rich-text allowlist), so it is rendered as
 * sent, inside a container whose stylesheet keeps images and long lines within the page.
 */
export function MailHtml({ html }: { html: string }) {
  return <div className="gm-html" dangerouslySetInnerHTML={{ __html: html }} />;
}
