import { describe, expect, it } from 'vitest';
import { asSentence, errorDomId, fieldDomId, humanPath, splitFieldErrors } from './field-errors';

describe('field errors', () => {
  it('gives each request path a DOM id', () => {
    expect(fieldDomId('deliveryAddress.postZipCode')).toBe('field-deliveryAddress-postZipCode');
    expect(fieldDomId('shipmentPieces[1].weight')).toBe('field-shipmentPieces-1-weight');
    expect(errorDomId('hsCode')).toBe('field-hsCode-error');
  });

  it('puts members beside the fields on screen and the rest in the summary', () => {
    const split = splitFieldErrors(
      {
        'deliveryAddress.postZipCode': 'SW1A 9ZZZ is not a valid GB post code',
        'shipmentPieces[1].weight': 'must be greater than 0',
        'carrierFeatures[0]': '9 is not a feature of carrier 1',
        body: 'is not valid JSON',
      },
      ['deliveryAddress.postZipCode', 'shipmentPieces[0].weight', 'shipmentPieces[1].weight'],
    );
    expect(split.byField).toEqual({
      'deliveryAddress.postZipCode': 'SW1A 9ZZZ is not a valid GB post code',
      'shipmentPieces[1].weight': 'must be greater than 0',
    });
    expect(split.unmapped).toEqual([
      'Carrier feature 1: 9 is not a feature of carrier 1',
      'Request: is not valid JSON',
    ]);
  });

  it('lists the fields in the order of the screen, not the order the station named them', () => {
    const split = splitFieldErrors(
      { 'shipmentPieces[0].weight': 'Enter the weight', 'deliveryAddress.city': 'City is required', carrierId: 'x' },
      ['carrierId', 'deliveryAddress.city', 'shipmentPieces[0].weight'],
    );
    expect(Object.keys(split.byField)).toEqual(['carrierId', 'deliveryAddress.city', 'shipmentPieces[0].weight']);
  });

  it('sends a member naming a whole group to its first field', () => {
    const split = splitFieldErrors({ collectionAddress: 'is required' }, [
      'collectionAddress.businessName',
      'collectionAddress.fullName',
    ]);
    expect(split.byField).toEqual({ 'collectionAddress.businessName': 'is required' });
  });

  it('reads paths as a person would', () => {
    expect(humanPath('deliveryAddress.postZipCode')).toBe('Delivery address › Post code');
    expect(humanPath('shipmentPieces[1].weight')).toBe('Piece 2 weight');
    expect(humanPath('Status')).toBe('Status');
  });

  it('starts server sentences as sentences, unless they start with a name', () => {
    expect(asSentence('must be greater than 0')).toBe('Must be greater than 0');
    expect(asSentence('fullName or businessName is required')).toBe('fullName or businessName is required');
    expect(asSentence('SW1A 9ZZZ is not a valid GB post code')).toBe('SW1A 9ZZZ is not a valid GB post code');
  });
});
