/** The address book of saved addresses: rows of the operation table (see ../spec.ts). */
import * as S from '../../core/schemas';
import { jsonBody, operationRows } from './operation';

export const addressBookOperations = operationRows({
  listAddresses: {
    method: 'GET',
    path: '/addresses',
    tag: 'Address book',
    access: 'user',
    summary: 'Saved addresses, found by words of their nickname, names, city or post code',
    query: S.AddressListQuery,
    response: S.SavedAddressList,
  },
  createAddress: {
    method: 'POST',
    path: '/addresses',
    tag: 'Address book',
    access: 'user',
    summary: 'Save an address (validated as a create’s address)',
    ...jsonBody(S.SavedAddressInput),
    response: S.SavedAddress,
  },
  updateAddress: {
    method: 'PATCH',
    path: '/addresses/{addressId}',
    tag: 'Address book',
    access: 'user',
    summary: 'Change a saved address; fields not given keep their value',
    params: S.AddressIdParams,
    ...jsonBody(S.SavedAddressInput),
    response: S.SavedAddress,
  },
  deleteAddress: {
    method: 'DELETE',
    path: '/addresses/{addressId}',
    tag: 'Address book',
    access: 'user',
    summary: 'Delete a saved address',
    params: S.AddressIdParams,
    response: S.SuccessResponse,
  },
});
