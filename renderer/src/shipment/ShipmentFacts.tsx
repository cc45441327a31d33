/** What a shipment is: addresses, carrier and service, references, value, customs, pieces. */
import type { ReactNode } from 'react';
import type { ShipmentDetail } from '../../../main/core/schemas';
import { formatDate, formatMoney, formatNumber } from '../lib/format';
import { AddressBlock } from './AddressBlock';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children || <span className="muted">—</span>}</dd>
    </div>
  );
}

export function ShipmentFacts({ shipment }: { shipment: ShipmentDetail }) {
  const references = [shipment.referenceOne, shipment.referenceTwo, shipment.referenceThree]
    .filter(Boolean)
    .join(' · ');
  const international =
    shipment.collectionAddress.countryTwoCharacterISOCode !== shipment.deliveryAddress.countryTwoCharacterISOCode;
  return (
    <>
      <section className="card" aria-labelledby="addresses-heading">
        <h2 id="addresses-heading" className="card-title">
          Addresses
        </h2>
        <div className="grid grid-2">
          <AddressBlock title="Collection address" address={shipment.collectionAddress} />
          <AddressBlock title="Delivery address" address={shipment.deliveryAddress} />
        </div>
      </section>

      <section className="card" aria-labelledby="facts-heading">
        <h2 id="facts-heading" className="card-title">
          Shipment
        </h2>
        <dl className="facts">
          <Fact label="Carrier">{shipment.carrier}</Fact>
          <Fact label="Service">{shipment.carrierService}</Fact>
          <Fact label="Despatch date">{formatDate(shipment.despatchDate)}</Fact>
          <Fact label="References">{references}</Fact>
          <Fact label="Cost">{formatMoney(shipment.cost, shipment.currency)}</Fact>
          <Fact label="Insured value">{formatMoney(shipment.insuredValue, shipment.currency)}</Fact>
          <Fact label="Goods">{shipment.goodsDescription}</Fact>
          <Fact label="Delivery instructions">{shipment.deliveryInstructions}</Fact>
          {international || shipment.hsCode ? (
            <>
              <Fact label="HS code">{shipment.hsCode}</Fact>
              <Fact label="Description of goods">{shipment.descriptionOfGoods}</Fact>
            </>
          ) : null}
          {shipment.customsNumbers ? (
            <>
              <Fact label="Sender’s customs numbers">
                {[
                  shipment.customsNumbers.eoriNumber && `EORI ${shipment.customsNumbers.eoriNumber}`,
                  shipment.customsNumbers.vatNumber && `VAT ${shipment.customsNumbers.vatNumber}`,
                  shipment.customsNumbers.iossNumber && `IOSS ${shipment.customsNumbers.iossNumber}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Fact>
              <Fact label="IOSS">
                <span data-testid="ioss-applied">
                  {shipment.iossApplied ? 'Declared under the IOSS number' : 'Not declared under IOSS'}
                </span>
              </Fact>
            </>
          ) : null}
        </dl>
      </section>

      <section className="card" aria-labelledby="pieces-heading">
        <h2 id="pieces-heading" className="card-title">
          Pieces <span className="count">{shipment.shipmentPieces.length}</span>
        </h2>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col" className="num">
                  #
                </th>
                <th scope="col">Tracking number</th>
                <th scope="col" className="num">
                  Weight
                </th>
                <th scope="col">Dimensions</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {shipment.shipmentPieces.map((piece) => (
                <tr key={piece.sequenceNumber}>
                  <td className="num">{piece.sequenceNumber}</td>
                  <td className="mono">{piece.trackingNumber}</td>
                  <td className="num nowrap">
                    {formatNumber(piece.weight)} <span className="muted">{piece.weightUnit.toLowerCase()}</span>
                  </td>
                  <td className="nowrap tabular">
                    {formatNumber(piece.length)} × {formatNumber(piece.width)} × {formatNumber(piece.height)}{' '}
                    <span className="muted">{piece.dimensionUnit.toLowerCase()}</span>
                  </td>
                  <td>{piece.description || <span className="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
