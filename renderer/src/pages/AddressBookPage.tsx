/**
 * The address book (docs/contract.md §14): saved addresses every desk shares, found by words of
 * their nickname, names, city or post code; added, changed and deleted here. New shipment's
 * name fields offer them as the operator types.
 */
import { useState } from 'react';
import type { AddressKind, SavedAddress } from '../../../main/core/schemas';
import { api } from '../api';
import { TextField } from '../components/Field';
import { RecordEditorForm, RecordRowActions } from '../components/RecordEditorForm';
import { RecordTable } from '../components/RecordTable';
import { useLoad } from '../hooks/use-load';
import { useRecordEditor } from '../hooks/use-record-editor';
import { AddressFieldset } from '../shipment/AddressFieldset';
import { describeSaved } from '../shipment/AddressSuggestions';
import { addressFromSaved, emptyAddress, type AddressForm } from '../shipment/form-model';

interface Editing {
  id: number | null;
  nickname: string;
  kind: AddressKind;
  address: AddressForm;
}

const resultCount = (n: number, search: string): string =>
  `${n === 0 ? 'No' : n} saved address${n === 1 ? '' : 'es'} match${n === 1 ? 'es' : ''} “${search}”.`;

const blank = (): Editing => ({ id: null, nickname: '', kind: 'delivery', address: emptyAddress() });

export function AddressBookPage() {
  const [search, setSearch] = useState('');
  const query = search.trim().length >= 2 ? { Search: search.trim(), ItemsPerPage: 200 } : { ItemsPerPage: 200 };
  const list = useLoad(JSON.stringify(query), () => api.listAddresses({ query }));
  const editor = useRecordEditor<Editing>('address', list);
  const { setEditing, errors } = editor;

  const save = async (editing: Editing) => {
    const body = { ...editing.address, nickname: editing.nickname, kind: editing.kind };
    await editor.save(
      async () => {
        const saved =
          editing.id === null
            ? await api.createAddress({ body })
            : await api.updateAddress({ params: { addressId: String(editing.id) }, body });
        return { id: saved.id, name: describeSaved(saved) };
      },
      // The book's members are the fields' own names; the fieldset's paths are under `address`.
      (field) => (field === 'nickname' || field === 'kind' ? field : `address.${field}`),
    );
  };

  const remove = (item: SavedAddress, index: number) =>
    editor.remove(item.id, describeSaved(item), index, () =>
      api.deleteAddress({ params: { addressId: String(item.id) } }),
    );
  const searched = query.Search !== undefined && list.data && !list.loading ? list.data : null;

  return (
    <div className="page page-wide">
      <RecordEditorForm
        editor={editor}
        title="Address book"
        sub="Shared by every desk. In New shipment, type a name to pick one."
        addLabel="Add address"
        blank={blank}
        newLabel="New saved address"
        changeLabel="Change saved address"
        saveLabel="Save address"
        recordWord="saved address"
        className="address-editor"
        onSave={save}
      >
        {(editing) => (
          <>
            <div className="grid grid-2">
              <TextField
                path="nickname"
                label="Nickname"
                value={editing.nickname}
                maxLength={35}
                error={errors.nickname}
                onValue={(nickname) => setEditing({ ...editing, nickname })}
                autoFocus
              />
              <div className="field">
                <label className="field-label" htmlFor="saved-kind">
                  Kind
                </label>
                <select
                  id="saved-kind"
                  className="select"
                  value={editing.kind}
                  onChange={(e) => setEditing({ ...editing, kind: e.target.value as AddressKind })}
                >
                  <option value="delivery">Delivery</option>
                  <option value="collection">Collection</option>
                </select>
              </div>
            </div>
            <AddressFieldset
              group="address"
              legend="Address"
              value={editing.address}
              errors={errors}
              onChange={(key, value) => setEditing({ ...editing, address: { ...editing.address, [key]: value } })}
            />
          </>
        )}
      </RecordEditorForm>

      <form role="search" className="search" onSubmit={(e) => e.preventDefault()}>
        <label className="visually-hidden" htmlFor="address-search">
          Search the address book
        </label>
        <input
          id="address-search"
          className="input search-input"
          type="search"
          placeholder="Name, nickname, city or post code"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
        {/* Present before it has words, so that screen readers announce each count as it comes. */}
        <p className="visually-hidden" role="status">
          {searched ? resultCount(searched.totalItems, query.Search ?? '') : ''}
        </p>
      </form>

      <RecordTable
        list={list}
        empty={<p className="empty">{search ? 'No saved address matches.' : 'No saved addresses yet.'}</p>}
        caption="Saved addresses"
        headings={['Nickname', 'Name', 'Address', 'Kind']}
        row={(item, index) => (
          <>
            <td>{item.nickname}</td>
            <td>{[item.fullName, item.businessName].filter(Boolean).join(' · ')}</td>
            <td>
              {[item.addressLine1, item.city, item.postZipCode, item.countryTwoCharacterISOCode]
                .filter(Boolean)
                .join(', ')}
            </td>
            <td>{item.kind === 'delivery' ? 'Delivery' : 'Collection'}</td>
            <RecordRowActions
              name={describeSaved(item)}
              onChange={() =>
                editor.edit({ id: item.id, nickname: item.nickname, kind: item.kind, address: addressFromSaved(item) })
              }
              onDelete={() => remove(item, index)}
            />
          </>
        )}
      />
    </div>
  );
}
