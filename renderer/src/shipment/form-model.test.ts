import { describe, expect, it } from 'vitest';
import { emptyShipmentForm, formFieldPaths, isInternational, newPiece, toCreateRequest } from './form-model';

function filledForm() {
  const form = emptyShipmentForm(undefined, '2026-11-21');
  form.carrierId = '1';
  form.carrierServiceId = '101';
  form.collectionAddress = {
    ...form.collectionAddress,
    businessName: ' Acme ',
    addressLine1: '1 Road',
    city: 'Leeds',
    postZipCode: 'ls11ba',
  };
  form.deliveryAddress = {
    ...form.deliveryAddress,
    fullName: 'Ann',
    addressLine1: '2 Street',
    city: 'London',
    postZipCode: 'SW1A 1AA',
  };
  form.shipmentPieces = [
    { ...newPiece(), weight: '2,5', length: '40', width: '30', height: '20', description: 'Parts' },
  ];
  return form;
}

describe('the New shipment form as a request', () => {
  it('sends what was typed, trimmed, with empty fields left out', () => {
    const request = toCreateRequest(filledForm());
    expect(request.carrierId).toBe(1);
    expect(request.collectionAddress).toEqual({
      businessName: 'Acme',
      addressLine1: '1 Road',
      city: 'Leeds',
      postZipCode: 'ls11ba',
      countryTwoCharacterISOCode: 'GB',
    });
    expect(request.shipmentPieces).toEqual([
      { weight: 2.5, weightUnit: 'KG', length: 40, width: 30, height: 20, dimensionUnit: 'CM', description: 'Parts' },
    ]);
    expect(request.despatchDate).toBe('2026-11-21');
    expect(request.currency).toBe('GBP');
    expect(request).not.toHaveProperty('cost');
    expect(request).not.toHaveProperty('hsCode');
  });

  it('leaves an empty number out so that the station names it', () => {
    const form = filledForm();
    form.shipmentPieces[0]!.weight = '';
    expect(toCreateRequest(form).shipmentPieces[0]).not.toHaveProperty('weight');
  });

  it('asks for customs only between countries', () => {
    const form = filledForm();
    form.hsCode = '847130';
    expect(isInternational(form)).toBe(false);
    expect(toCreateRequest(form)).not.toHaveProperty('hsCode');
    expect(formFieldPaths(form)).not.toContain('hsCode');
    form.deliveryAddress.countryTwoCharacterISOCode = 'DE';
    expect(isInternational(form)).toBe(true);
    expect(toCreateRequest(form).hsCode).toBe('847130');
    expect(formFieldPaths(form)).toContain('hsCode');
  });

  it('names every field on screen by its request path', () => {
    const form = filledForm();
    form.shipmentPieces.push(newPiece(form.shipmentPieces[0]));
    const paths = formFieldPaths(form);
    expect(paths).toContain('deliveryAddress.postZipCode');
    expect(paths).toContain('collectionAddress.fullName');
    expect(paths).toContain('shipmentPieces[1].weight');
    expect(paths).not.toContain('shipmentPieces[2].weight');
  });

  it('gives a duplicated piece its own key', () => {
    const piece = newPiece();
    const copy = newPiece({ ...piece, weight: '3' });
    expect(copy.key).not.toBe(piece.key);
    expect(copy.weight).toBe('3');
  });
});
