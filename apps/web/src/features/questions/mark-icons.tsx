import type { ReactNode } from 'react';

/**
 * The four review marks as inline SVG (1em, currentColor), so the question renderers pull in no icon library and the
 * exam screen stays light. Always decorative: the word beside each one carries the meaning.
 */
function Svg({ children }: { children: ReactNode }) {
  return (
    <svg className="gq-icon" viewBox="0 0 16 16" width="1em" height="1em" aria-hidden focusable="false">
      {children}
    </svg>
  );
}

export const CheckCircleFilled = () => (
  <Svg>
    <circle cx="8" cy="8" r="7.5" fill="currentColor" />
    <path
      d="M4.6 8.2l2.3 2.3 4.5-4.8"
      fill="none"
      style={{ stroke: 'var(--gq-surface)' }}
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </Svg>
);

export const CloseCircleFilled = () => (
  <Svg>
    <circle cx="8" cy="8" r="7.5" fill="currentColor" />
    <path
      d="M5.4 5.4l5.2 5.2M10.6 5.4l-5.2 5.2"
      fill="none"
      style={{ stroke: 'var(--gq-surface)' }}
      strokeWidth="1.6"
      strokeLinecap="round"
    />
  </Svg>
);

export const MinusCircleOutlined = () => (
  <Svg>
    <circle cx="8" cy="8" r="6.8" fill="none" stroke="currentColor" strokeWidth="1.3" />
    <path d="M5 8h6" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
  </Svg>
);

export const EditOutlined = () => (
  <Svg>
    <path
      d="M10.8 2.3l2.9 2.9-7.9 7.9-3.5.6.6-3.5z M9.4 3.7l2.9 2.9"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.3"
      strokeLinejoin="round"
    />
  </Svg>
);
