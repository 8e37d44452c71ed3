/**
 * Test data of an order's participants, shared by the service's trading tests and the console's
 * (order draft, order builder): a postal address every provider accepts.
 */
export const POSTAL_ADDRESS = {
  streetName: 'Unter den Linden',
  buildingNumber: '5',
  postalCode: '10117',
  city: 'Berlin',
  subdivision: 'Berlin',
  district: 'Mitte',
  country: 'DE',
};
