import { positiveDecimal } from '../../contract/decimal';
import { Dec } from '../../contract/decimal-arithmetic';

// What a form may tell about an amount before it is sent, compared as decimal strings, never as JS
// numbers. The service still decides: a balance can change between the check and the request.

const AMOUNT = positiveDecimal('amount');

/** Whether a typed amount is one the contract accepts (a positive decimal string). */
export const isAmount = (value: string) => AMOUNT.safeParse(value.trim()).success;

/** Whether `available` covers `amount` (both decimal strings). */
export const covers = (available: string, amount: string) => new Dec(available).gte(amount);
