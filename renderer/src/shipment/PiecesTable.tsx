/** The pieces of a new shipment: one row each, added, duplicated and removed in place (EditableRows). */
import { Fragment } from 'react';
import { DIMENSION_UNITS, WEIGHT_UNITS, type PackagePreset } from '../../../main/core/schemas';
import { DECIMAL_INPUT, Options, SelectField, TextField } from '../components/Field';
import { fieldDomId } from '../lib/field-errors';
import { EditableRowsError, EditableRowsHead, RowActions, RowKeysHint, useEditableRows } from './EditableRows';
import { newPiece, presetOf, type PieceForm } from './form-model';

const MAX_PIECES = 50;
const DIMENSIONS = ['length', 'width', 'height'] as const;

interface PiecesTableProps {
  pieces: PieceForm[];
  errors: Record<string, string>;
  onChange: (index: number, key: keyof PieceForm, value: string) => void;
  /** The rows after an add, a duplicate or a removal. */
  onPieces: (pieces: PieceForm[]) => void;
  /** Given, each row starts with a preset choice: a key (a preset's first letter) fills the row. */
  presets?: PackagePreset[];
  onPreset?: (index: number, preset: PackagePreset) => void;
}

export function PiecesTable({ pieces, errors, onChange, onPieces, presets = [], onPreset }: PiecesTableProps) {
  const withPresets = presets.length > 0 && onPreset !== undefined;
  const rows = useEditableRows({
    path: 'shipmentPieces',
    rows: pieces,
    onRows: onPieces,
    onField: onChange,
    errors,
    min: 1,
    max: MAX_PIECES,
    newRow: () => newPiece(),
    copyRow: (piece) => newPiece(piece),
    firstFieldId: (index) => (withPresets ? `piece-${index}-preset` : fieldDomId(`shipmentPieces[${index}].weight`)),
  });
  return (
    <section className="card form-section pieces-section" aria-labelledby="pieces-heading">
      <EditableRowsHead
        rows={rows}
        count={pieces.length}
        title="Pieces"
        headingId="pieces-heading"
        addLabel="+ Add piece"
      />
      <EditableRowsError rows={rows} />
      <div className="table-wrap">
        <table className="table pieces-table">
          <thead>
            <tr>
              <th scope="col" className="num">
                #
              </th>
              {withPresets ? (
                <th scope="col" className="piece-preset">
                  Preset
                </th>
              ) : null}
              <th scope="col" className="piece-weight">
                Weight
              </th>
              <th scope="col" className="piece-dims">
                Length × width × height
              </th>
              <th scope="col" className="piece-description">
                Description
              </th>
              <th scope="col" className="row-actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pieces.map((piece, index) => {
              const n = index + 1;
              return (
                <tr key={piece.key} onKeyDown={rows.onRowKey(index)}>
                  <td className="num piece-number">{n}</td>
                  {withPresets ? (
                    <td className="piece-preset">
                      <label className="visually-hidden" htmlFor={`piece-${index}-preset`}>{`Piece ${n} preset`}</label>
                      <select
                        id={`piece-${index}-preset`}
                        className="select w-preset"
                        value={presetOf(piece, presets)?.id ?? ''}
                        data-first-piece-field={index === 0 ? '' : undefined}
                        onChange={(event) => {
                          const preset = presets.find((p) => String(p.id) === event.target.value);
                          if (preset) onPreset!(index, preset);
                        }}
                      >
                        <option value="">Preset…</option>
                        {presets.map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.name}
                          </option>
                        ))}
                      </select>
                    </td>
                  ) : null}
                  <td className="piece-weight">
                    <div className="inline-inputs">
                      <TextField
                        {...rows.field(index, 'weight')}
                        label={`Piece ${n} weight`}
                        {...DECIMAL_INPUT}
                        className="w-num"
                        data-first-piece-field={index === 0 && !withPresets ? '' : undefined}
                      />
                      <SelectField
                        {...rows.field(index, 'weightUnit')}
                        label={`Piece ${n} weight unit`}
                        className="w-unit"
                      >
                        <Options values={WEIGHT_UNITS} />
                      </SelectField>
                    </div>
                  </td>
                  <td className="piece-dims">
                    <div className="inline-inputs">
                      {DIMENSIONS.map((key, i) => (
                        <Fragment key={key}>
                          {i > 0 ? (
                            <span className="times" aria-hidden="true">
                              ×
                            </span>
                          ) : null}
                          <TextField
                            {...rows.field(index, key)}
                            label={`Piece ${n} ${key}`}
                            {...DECIMAL_INPUT}
                            className="w-num"
                          />
                        </Fragment>
                      ))}
                      <SelectField
                        {...rows.field(index, 'dimensionUnit')}
                        label={`Piece ${n} dimension unit`}
                        className="w-unit"
                      >
                        <Options values={DIMENSION_UNITS} />
                      </SelectField>
                    </div>
                  </td>
                  <td className="piece-description">
                    <TextField
                      {...rows.field(index, 'description')}
                      label={`Piece ${n} description`}
                      // Where the row takes two lines the column's heading goes: the field still says what it is.
                      placeholder="Description"
                      maxLength={35}
                      className="w-desc"
                    />
                  </td>
                  <RowActions rows={rows} index={index} noun="piece" copyLabel="Duplicate" />
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <RowKeysHint noun="a piece" />
    </section>
  );
}
