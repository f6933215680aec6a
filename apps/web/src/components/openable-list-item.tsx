import { List } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import './question-list.css';

/**
 * One line of a list a click, Enter or Space opens (a bank book, the big bank, the personal pages, search results).
 * The list item stays a list item and holds the button: an `<li role="button">` would leave its `<ul>` with children
 * that are not list items (axe: list).
 */
export function OpenableListItem({
  onOpen,
  className = 'gb-qitem',
  children,
}: {
  onOpen: () => void;
  /** The button's class: `gb-qitem` for question lines, or a page's own. */
  className?: string;
  children: ReactNode;
}) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    onOpen();
  };
  return (
    <List.Item className="gre-openable">
      <div className={className} role="button" tabIndex={0} onClick={onOpen} onKeyDown={onKeyDown}>
        {children}
      </div>
    </List.Item>
  );
}
