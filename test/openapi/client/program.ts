/**
 * A local tool written against the client generated from the station's /openapi.json
 * (openapi-typescript + openapi-fetch): strict types, no casts on bodies. The test
 * generates `./api.d.ts` beside it, type-checks this file and runs it against a station.
 */
import createClient from 'openapi-fetch';
import type { paths } from './api';

const [base, apiKey] = process.argv.slice(2);
if (!base || !apiKey) throw new Error('usage: program BASE API_KEY');

const station = createClient<paths>({ baseUrl: base });

const signedIn = await station.POST('/auth', { params: { query: { option: 'apikey' } }, body: { apiKey: { apiKey } } });
if (!signedIn.data) throw new Error(`sign-in failed: ${signedIn.error?.detail}`);
const headers = { Authorization: `Bearer ${signedIn.data.token.accessToken}` };

const created = await station.POST('/shipments', {
  headers: { ...headers, 'Idempotency-Key': `client-test-${Date.now()}` },
  body: {
    carrierId: 1,
    carrierServiceId: 101,
    referenceOne: 'GENERATED-1',
    collectionAddress: {
      businessName: 'Acme Ltd',
      addressLine1: '1 Dock Road',
      city: 'London',
      countryTwoCharacterISOCode: 'GB',
      postZipCode: 'SW1A 1AA',
    },
    deliveryAddress: {
      fullName: 'Sam Receiver',
      addressLine1: '22 High Street',
      city: 'Leeds',
      countryTwoCharacterISOCode: 'GB',
      postZipCode: 'LS1 1UR',
    },
    shipmentPieces: [{ weight: 1.5, weightUnit: 'KG', length: 30, width: 20, height: 10, dimensionUnit: 'CM' }],
  },
});
if (!created.data) throw new Error(`create failed: ${JSON.stringify(created.error)}`);
const uniqueId = created.data.shipmentId;

const listed = await station.GET('/shipments', {
  headers,
  params: { query: { Status: ['Not Printed'], ItemsPerPage: 10 } },
});
if (!listed.data) throw new Error(`list failed: ${listed.error?.detail}`);
const inList = listed.data.items.some((item) => item.shipmentId === uniqueId);

const label = await station.GET('/shipments/{uniqueId}/label', {
  headers,
  params: { path: { uniqueId }, query: { pageSize: 'A6' } },
});
if (!label.data) throw new Error(`label failed: ${label.error?.detail}`);
const pdfHeader = Buffer.from(label.data.base64String, 'base64').subarray(0, 5).toString('latin1');

const cancelled = await station.DELETE('/shipments/{uniqueId}', { headers, params: { path: { uniqueId } } });
if (!cancelled.data) throw new Error(`cancel failed: ${cancelled.error?.detail}`);

const again = await station.GET('/shipments/{uniqueId}/label', { headers, params: { path: { uniqueId } } });
const status: string | undefined = again.error?.status === 409 ? again.error.type : undefined;

const viewed = await station.GET('/shipments/{uniqueId}', { headers, params: { path: { uniqueId } } });

console.log(
  JSON.stringify({
    shipmentNumber: created.data.shipmentNumber,
    inList,
    pdfHeader,
    cancelled: cancelled.data.success,
    labelAfterCancel: status,
    finalStatus: viewed.data?.status,
  }),
);
