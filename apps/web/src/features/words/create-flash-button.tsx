import { ThunderboltOutlined } from '@ant-design/icons';
import { FLASH_SOURCES, type FlashSource } from '@gre/contracts';
import { Button, type ButtonProps } from 'antd';
import { openCreateFlash } from '../../state/ui';

/**
 * '建卡组' for one source of /word (a word book, a frequency band, the words met, the day's review): opens the
 * create-flash dialog preset to it, where the learner sees the cards and coins before anything is taken.
 */
export function CreateFlashButton({
  source,
  scope = '',
  label,
  ...rest
}: {
  source: Extract<FlashSource, 'word_book' | 'gre_band' | 'met' | 'review'>;
  scope?: string;
  label: string;
} & Pick<ButtonProps, 'type' | 'size' | 'disabled' | 'aria-label' | 'block'>) {
  return (
    <Button icon={<ThunderboltOutlined />} {...rest} onClick={() => openCreateFlash(FLASH_SOURCES[source], scope)}>
      {label}
    </Button>
  );
}
