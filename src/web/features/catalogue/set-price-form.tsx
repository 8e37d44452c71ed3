import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type Asset, CATALOGUE_ERRORS, SetPriceRequest } from '../../../contract/catalogue';
import { FormFooter } from '../../components/form-footer';
import { FormSelect } from '../../components/form-select';
import { reportFormError } from '../../components/report-form-error';
import { isApiError } from '../../lib/api-client';
import { useSetAssetPrice } from './api';

// The currencies people price in most; the service accepts any active ISO 4217 code.
const COMMON_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CHF',
  'JPY',
  'CAD',
  'AUD',
  'NZD',
  'CNY',
  'HKD',
  'SGD',
  'KRW',
  'INR',
  'AED',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'TRY',
  'ILS',
  'ZAR',
  'BRL',
  'MXN',
];

// At least one digit that is not zero: "0" and "0.00" are not prices.
const POSITIVE_DECIMAL = /^(?=.*[1-9])\d+(\.\d+)?$/;

/**
 * The wire carries the price as a JSON number, an IEEE double, which keeps 15 significant digits
 * exactly: a longer price would reach the service as some other number than the one typed.
 */
export function fitsWireNumber(price: string): boolean {
  const [whole = '', fraction = ''] = price.split('.');
  return (whole + fraction.replace(/0+$/, '')).replace(/^0+/, '').length <= 15;
}

/**
 * The contract's request, except that the price stays the string the user typed (docs/architecture.md,
 * "Amounts are decimal strings end to end"): it becomes a number only when it is sent, and nothing is ever computed with it.
 */
export const PriceForm = z.object({
  currency: SetPriceRequest.shape.currency,
  price: z
    .string()
    .trim()
    .regex(POSITIVE_DECIMAL, { error: 'Enter an amount greater than 0, with a dot for decimals, e.g. 1850.25' })
    .refine(fitsWireNumber, { error: 'Use at most 15 significant digits' }),
});
type PriceForm = z.infer<typeof PriceForm>;

const FIELDS = ['currency', 'price'] as const;

export function SetPriceForm({ asset, onDone }: { asset: Asset; onDone: () => void }) {
  const current = asset.price?.currency;
  const currencies = current && !COMMON_CURRENCIES.includes(current) ? [current, ...COMMON_CURRENCIES] : COMMON_CURRENCIES;
  const {
    control,
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<PriceForm>({ resolver: zodResolver(PriceForm), defaultValues: { currency: current ?? 'USD', price: '' } });
  // The form opens where the user asked for it: the amount can be typed at once.
  useEffect(() => setFocus('price'), [setFocus]);

  const setPrice = useSetAssetPrice(asset, {
    onError: (error) => {
      if (isApiError(error) && error.status === 404 && error.code === CATALOGUE_ERRORS.currencyNotFound) {
        setError('currency', { type: 'server', message: 'The service does not know this currency. Choose an ISO 4217 code such as USD.' });
      } else if (isApiError(error) && error.status === 403 && error.code === CATALOGUE_ERRORS.priceNotAllowed) {
        setError('root.server', { type: 'server', message: 'This workspace is not allowed to set prices. Ask your account manager to allow it.' });
      } else {
        reportFormError('The price was not set', error, FIELDS, (field, message) => setError(field, { type: 'server', message }));
      }
    },
  });

  return (
    <form
      noValidate
      aria-label="Set price"
      onSubmit={handleSubmit(({ currency, price }) => setPrice.mutate({ currency, price: Number(price) }, { onSuccess: onDone }))}
    >
      <Stack gap="sm">
        <Group align="flex-start" grow>
          <FormSelect control={control} name="currency" label="Currency" required data={currencies} searchable />
          <TextInput
            label={`Price of one ${asset.displaySymbol}`}
            required
            inputMode="decimal"
            autoComplete="off"
            placeholder="1850.25"
            error={errors.price?.message}
            {...register('price')}
          />
        </Group>
        <FormFooter serverError={errors.root?.server?.message} pending={setPrice.isPending} onCancel={onDone} submitLabel="Save price" />
      </Stack>
    </form>
  );
}
