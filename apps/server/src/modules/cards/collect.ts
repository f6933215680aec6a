import { CARD_TAGS } from '@gre/contracts';

/** Craft.card as stored (spec §3): the collect flag, the card tag, the server's stamp. */
export interface CraftCard {
  finished: boolean;
  collected: boolean;
  range_kind: number;
  collect_time_stamp: number;
}

/**
 * Spec §4 card collect: what a Card update of a craft stores. The server sets the card tag (spec §9) from where the
 * question was collected — a book of template kind pick → pick, best → best, anywhere else → card; 0 when
 * uncollected — and stamps the time (0 when uncollected); the client's tag and stamp are ignored.
 */
export function collectCard(
  card: Pick<CraftCard, 'finished' | 'collected'>,
  sourceTemplateKind: string | null,
  nowSeconds: number,
): CraftCard {
  const tag =
    sourceTemplateKind === 'pick' ? CARD_TAGS.pick : sourceTemplateKind === 'best' ? CARD_TAGS.best : CARD_TAGS.card;
  return {
    finished: card.finished,
    collected: card.collected,
    range_kind: card.collected ? tag : 0,
    collect_time_stamp: card.collected ? nowSeconds : 0,
  };
}
