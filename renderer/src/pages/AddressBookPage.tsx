/**
 * The address book (CONTRACT §14): saved addresses every desk shares, found by words of
 * their nickname, names, city or post code; added, changed and deleted here. New shipment's
 * name fields offer them as the operator types.
 */
import { useState, type FormEvent } from 'react';
import type { AddressKind, SavedAddress } from '../../../main/core/schemas';
import { api, ApiProblem, describeError } from '../api';
import { TextField } from '../components/Field';
import { ErrorNotice, Notice } from '../components/Notice';
import { useLoad } from '../lib/use-load';
import { AddressFieldset } from '../shipment/AddressFieldset';
import { describeSaved } from '../shipment/AddressSuggestions';
import { addressFromSaved, emptyAddress, type AddressForm } from '../shipment/form-model';

interface Editing {
  id: number | null;
  nickname: string;
  kind: AddressKind;
  address: AddressForm;
}

const blank = (): Editing => ({ id: null, nickname: '', kind: 'delivery', address: emptyAddress() });

export function AddressBookPage() {
  const [search, setSearch] = useState('');
  const query = search.trim().length >= 2 ? { Search: search.trim(), ItemsPerPage: 200 } : { ItemsPerPage: 200 };
  const list = useLoad(JSON.stringify(query), () => api.listAddresses({ query }));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const edit = (value: Editing | null) => {
    setEditing(value);
    setErrors({});
    setProblem(null);
    setDone(null);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    const body = { ...editing.address, nickname: editing.nickname, kind: editing.kind };
    try {
      const saved = editing.id === null
        ? await api.createAddress({ body })
        : await api.updateAddress({ params: { addressId: String(editing.id) }, body });
      edit(null);
      setDone(`Saved ${describeSaved(saved)}.`);
      list.reload();
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 400) {
        // The book's members are the fields' own names; the fieldset's paths are under `address`.
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k === 'nickname' || k === 'kind' ? k : `address.${k}`, v])));
        setProblem('The address was not saved: see the marked fields.');
      } else setProblem(describeError(error));
    }
  }

  async function remove(item: SavedAddress) {
    try {
      await api.deleteAddress({ params: { addressId: String(item.id) } });
      setDone(`Deleted ${describeSaved(item)}.`);
      list.reload();
    } catch (error) {
      setProblem(describeError(error));
    }
  }

  return (
    <div className="page page-wide">
      <header className="page-header">
        <div>
          <h1>Address book</h1>
          <p className="page-sub">Shared by every desk. In New shipment, type a name to pick one.</p>
        </div>
        <div className="toolbar-right">
          <button type="button" className="button button-primary" onClick={() => edit(blank())}>
            Add address
          </button>
        </div>
      </header>

      {done ? <Notice tone="success">{done}</Notice> : null}

      {editing ? (
        <form className="address-editor" onSubmit={save} aria-label={editing.id === null ? 'New saved address' : 'Change saved address'} noValidate>
          {problem ? <p className="field-error" role="alert">{problem}</p> : null}
          <div className="grid grid-2">
            <TextField path="nickname" label="Nickname" value={editing.nickname} maxLength={35} error={errors.nickname}
              onValue={(nickname) => setEditing({ ...editing, nickname })} autoFocus />
            <div className="field">
              <label className="field-label" htmlFor="saved-kind">Kind</label>
              <select id="saved-kind" className="select" value={editing.kind} onChange={(e) => setEditing({ ...editing, kind: e.target.value as AddressKind })}>
                <option value="delivery">Delivery</option>
                <option value="collection">Collection</option>
              </select>
            </div>
          </div>
          <AddressFieldset group="address" legend="Address" value={editing.address} errors={errors}
            onChange={(key, value) => setEditing({ ...editing, address: { ...editing.address, [key]: value } })} />
          <div className="form-footer-actions">
            <button type="button" className="button" onClick={() => edit(null)}>Cancel</button>
            <button type="submit" className="button button-primary">Save address</button>
          </div>
        </form>
      ) : null}

      <form role="search" className="search" onSubmit={(e) => e.preventDefault()}>
        <label className="visually-hidden" htmlFor="address-search">Search the address book</label>
        <input id="address-search" className="input search-input" type="search" placeholder="Name, nickname, city or post code"
          value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      </form>

      {list.error ? <ErrorNotice error={list.error} /> : null}
      {list.data && list.data.items.length === 0 ? <p className="empty">{search ? 'No saved address matches.' : 'No saved addresses yet.'}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Saved addresses</caption>
            <thead>
              <tr>
                <th scope="col">Nickname</th>
                <th scope="col">Name</th>
                <th scope="col">Address</th>
                <th scope="col">Kind</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((item) => (
                <tr key={item.id}>
                  <td>{item.nickname}</td>
                  <td>{[item.fullName, item.businessName].filter(Boolean).join(' · ')}</td>
                  <td>{[item.addressLine1, item.city, item.postZipCode, item.countryTwoCharacterISOCode].filter(Boolean).join(', ')}</td>
                  <td>{item.kind === 'delivery' ? 'Delivery' : 'Collection'}</td>
                  <td className="row-actions">
                    <button type="button" className="button button-quiet button-small" aria-label={`Change ${describeSaved(item)}`}
                      onClick={() => edit({ id: item.id, nickname: item.nickname, kind: item.kind, address: addressFromSaved(item) })}>
                      Change
                    </button>
                    <button type="button" className="button button-quiet button-small" aria-label={`Delete ${describeSaved(item)}`} onClick={() => void remove(item)}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
