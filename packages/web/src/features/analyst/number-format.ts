import { formatVirtualMoney } from '@pluk/contract';

/*
 * The analyst's numbers as a Belgian reads them (decision 091): thousands with a point, decimals with a
 * comma, on the axes, in the tooltips and in the table alike. Counts are whole numbers; money is
 * plukgeld (never a euro sign).
 */
const whole = new Intl.NumberFormat('nl-BE', { maximumFractionDigits: 0 });
const upToCents = new Intl.NumberFormat('nl-BE', { maximumFractionDigits: 2 });

/** A count: "1.234". */
export const formatCount = (value: number): string => whole.format(value);

/** An axis tick of plukgeld in whole units: "1.234" or "12,5" (the axis' label names the unit). */
export const formatMoneyTick = (units: number): string => upToCents.format(units);

/** A value in a tooltip or a cell: cents as "12,50 plukgeld", a count as "1.234". */
export const formatValue = (value: number, money: boolean): string =>
  money ? formatVirtualMoney(value) : formatCount(value);
