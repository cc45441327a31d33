import { describe, expect, it } from 'vitest';
import {
  emptyShipmentForm,
  formFieldPaths,
  isInternational,
  newPiece,
  pieceFromPreset,
  presetOf,
  toCreateRequest,
} from './form-model';

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

describe('a preset on a piece', () => {
  const preset = (id: number, name: string, weight: number | null, description: string, size: number) => ({
    id,
    name,
    length: size,
    width: size,
    height: size,
    dimensionUnit: 'CM' as const,
    weight,
    weightUnit: 'KG' as const,
    description,
    updatedOn: '2026-11-21T09:00:00.000Z',
  });
  const medium = preset(1, 'Medium box', 0.4, 'Brown 40x30x20', 40);
  const mailer = preset(2, 'Small mailer', null, '', 20);
  const presets = [medium, mailer];

  it('fills every field it has, and clears the weight and description the previous preset filled', () => {
    const boxed = pieceFromPreset(newPiece(), medium);
    expect(boxed).toMatchObject({ weight: '0.4', description: 'Brown 40x30x20', length: '40' });
    expect(presetOf(boxed, presets)).toBe(medium);
    const mailed = pieceFromPreset(boxed, mailer, presetOf(boxed, presets));
    expect(mailed).toMatchObject({ weight: '', description: '', length: '20', width: '20', height: '20' });
  });

  it('keeps what was typed by hand over a preset', () => {
    const typed = { ...pieceFromPreset(newPiece(), medium), weight: '1.2', description: 'Spare parts' };
    expect(presetOf(typed, presets)).toBeUndefined();
    expect(pieceFromPreset(typed, mailer, presetOf(typed, presets))).toMatchObject({
      weight: '1.2',
      description: 'Spare parts',
    });
  });
});
