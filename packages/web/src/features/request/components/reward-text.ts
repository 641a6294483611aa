import { formatVirtualMoney } from '../../../lib/virtual-money';

/** "5,00 plukgeld beloning" or "geen beloning" (the requests namespace words both). */
export function rewardText(
  rewardCents: number,
  t: (key: 'card.reward' | 'card.noReward', options?: { amount: string }) => string,
): string {
  return rewardCents > 0 ? t('card.reward', { amount: formatVirtualMoney(rewardCents) }) : t('card.noReward');
}
