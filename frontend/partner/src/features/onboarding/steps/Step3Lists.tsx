import Button from 'antd/es/button';
import Input, { type InputRef } from 'antd/es/input';
import Progress from 'antd/es/progress';
import {
  CheckCircleFilled,
  CheckOutlined,
  CloseOutlined,
  CloudSyncOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  ExclamationCircleFilled,
  PlusOutlined,
} from '@ant-design/icons';
import {
  ENTRY_NAME_MAX,
  ENTRY_NOTE_MAX,
  LIST_MAX_ENTRIES,
  LIST_MIN_ENTRIES,
  LIST_TARGET_ENTRIES,
} from '@portal/contracts/onboarding/endpoints';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useUnsavedAnswers } from '../../../lib/unsavedAnswers';
import { completeStep } from '../api';
import { type Entry, type ListName, type ListOp, listAsText, newEntry } from '../lists';
import { useListSync, type SaveState } from '../useListSync';
import type { StepProps } from './types';

function EntryRow({
  entry,
  onChange,
  onDelete,
}: {
  entry: Entry;
  onChange: (name: string, note: string) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(entry.name);
  const [note, setNote] = useState(entry.note ?? '');
  const hintId = useId();
  // leaving the edit (saved or cancelled) gives the focus back to the Edit button: the fields
  // that held it are gone, and it would fall to the page body
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  const start = () => {
    setName(entry.name);
    setNote(entry.note ?? '');
    setEditing(true);
  };
  const stop = () => {
    refocus.current = true;
    setEditing(false);
  };
  const save = () => {
    if (!name.trim()) return;
    onChange(name, note);
    stop();
  };
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      save();
    } else if (e.key === 'Escape') stop();
  };

  if (editing) {
    return (
      <li className="ob-entry ob-entry-editing">
        <div className="ob-entry-edit">
          <Input
            aria-label={t('step3.nameLabel')}
            value={name}
            maxLength={ENTRY_NAME_MAX}
            status={!name.trim() ? 'error' : undefined}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={keys}
            autoFocus
          />
          {/* the field says what it is; what to write goes under it, where it can wrap (the
              narrow row cut it off as a placeholder) */}
          <Input
            aria-label={t('step3.noteLabel')}
            aria-describedby={hintId}
            placeholder={t('step3.noteLabel')}
            value={note}
            maxLength={ENTRY_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
            onKeyDown={keys}
          />
          <p id={hintId} className="ob-entry-hint">
            {t('step3.noteHint')}
          </p>
        </div>
        <div className="ob-entry-actions">
          <Button
            type="primary"
            size="small"
            icon={<CheckOutlined />}
            onClick={save}
            disabled={!name.trim()}
            aria-label={t('step3.saveEntry')}
          />
          <Button
            size="small"
            icon={<CloseOutlined />}
            onClick={stop}
            aria-label={t('common:actions.cancel')}
          />
        </div>
      </li>
    );
  }
  return (
    <li className="ob-entry">
      <div className="ob-entry-text">
        <span className="ob-entry-name">{entry.name}</span>
        {entry.note && <span className="ob-entry-note">{entry.note}</span>}
      </div>
      <div className="ob-entry-actions">
        <Button
          ref={editButton}
          type="text"
          size="small"
          icon={<EditOutlined />}
          onClick={start}
          aria-label={t('step3.editEntry', { name: entry.name })}
        />
        <Button
          type="text"
          size="small"
          danger
          className="ob-entry-delete"
          icon={<DeleteOutlined />}
          onClick={onDelete}
          aria-label={t('step3.deleteEntry', { name: entry.name })}
        />
      </div>
    </li>
  );
}

function ProspectList({
  list,
  entries,
  onOp,
}: {
  list: ListName;
  entries: Entry[];
  onOp: (op: ListOp) => void;
}) {
  const { t } = useTranslation('onboarding');
  // the name being typed survives a session that ends before it is added (lib/unsavedAnswers.ts);
  // the lists' unsaved changes are kept by useListSync
  const [{ name: draft }, setTyped] = useUnsavedAnswers(`step3:${list}`, { name: '' });
  const setDraft = (name: string) => setTyped({ name });
  const section = useRef<HTMLElement>(null);
  const key = list === 'customerList' ? 'customers' : 'partners';
  const count = entries.length;
  const enough = count >= LIST_MIN_ENTRIES;
  // the server takes no more: the field stays, Add waits for a name to go
  const full = count >= LIST_MAX_ENTRIES;

  const add = () => {
    const entry = newEntry(draft);
    if (!entry || full) return;
    onOp({ kind: 'add', list, entry });
    setDraft('');
  };

  // after a delete the focus goes to the Delete button now in its place (the next entry's, or the
  // last one's), or to the name field once the list is empty: the pressed button is gone
  const addField = useRef<InputRef>(null);
  const refocusAt = useRef<number | null>(null);
  useEffect(() => {
    const at = refocusAt.current;
    if (at === null) return;
    refocusAt.current = null;
    const deletes = section.current?.querySelectorAll<HTMLButtonElement>('.ob-entry-delete');
    if (deletes?.length) deletes[Math.min(at, deletes.length - 1)].focus();
    else addField.current?.focus();
  }, [entries]);

  // a delete saves like any change; the toast offers to undo it
  const remove = (entry: Entry) => {
    const index = entries.findIndex((e) => e.id === entry.id);
    refocusAt.current = index;
    onOp({ kind: 'delete', list, id: entry.id });
    toast.info(t('step3.deletedTitle'), t('step3.deletedText', { name: entry.name }), {
      near: section.current,
      action: { label: t('step3.undo'), run: () => onOp({ kind: 'restore', list, entry, index }) },
    });
  };

  const copy = async () => {
    if (count === 0) {
      toast.info(t(`step3.${key}.copyEmpty`));
      return;
    }
    try {
      await navigator.clipboard.writeText(listAsText(entries));
      toast.success(t('step3.copiedTitle'), t('step3.copiedText', { count }));
    } catch {
      toast.error(t('step3.copyFailed'));
    }
  };

  return (
    <section className="ob-list" aria-labelledby={`${list}-title`} data-testid={list} ref={section}>
      <header className="ob-list-head">
        <div>
          <h3 id={`${list}-title`}>{t(`step3.${key}.title`)}</h3>
          <p className="ob-muted">{t(`step3.${key}.hint`)}</p>
        </div>
        <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('step3.copy')}
        </Button>
      </header>
      <div className="ob-list-progress">
        <Progress
          percent={Math.min(100, Math.round((count / LIST_TARGET_ENTRIES) * 100))}
          showInfo={false}
          size="small"
          status={enough ? 'success' : 'active'}
          aria-label={t('step3.countLabel', { count, target: LIST_TARGET_ENTRIES })}
        />
        <span className={enough ? 'ob-count ob-count-ok' : 'ob-count'}>
          {enough && <CheckCircleFilled />} {t('step3.count', { count, target: LIST_TARGET_ENTRIES })}
        </span>
      </div>
      <div className="ob-add">
        <Input
          ref={addField}
          aria-label={t(`step3.${key}.addLabel`)}
          placeholder={t(`step3.${key}.addPlaceholder`)}
          value={draft}
          maxLength={ENTRY_NAME_MAX}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        {/* on a phone the button keeps only its icon, so the field's placeholder fits */}
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={add}
          disabled={!draft.trim() || full}
          aria-label={t('step3.add')}
        >
          <span className="ob-add-label">{t('step3.add')}</span>
        </Button>
      </div>
      {full && (
        <p className="ob-full" role="status">
          {t('step3.listFull', { max: LIST_MAX_ENTRIES })}
        </p>
      )}
      {count === 0 ? (
        <p className="ob-empty">{t(`step3.${key}.empty`)}</p>
      ) : (
        <ul
          className={count > 5 ? 'ob-entries ob-entries-scroll' : 'ob-entries'}
          tabIndex={count > 5 ? 0 : undefined}
          aria-label={t(`step3.${key}.title`)}
        >
          {entries.map((entry) => (
            <EntryRow
              key={entry.id}
              entry={entry}
              onChange={(name, note) => onOp({ kind: 'edit', list, id: entry.id, name, note })}
              onDelete={() => remove(entry)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function SaveIndicator({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const { t } = useTranslation('onboarding');
  if (state === 'idle') return <span className="ob-save" />;
  if (state === 'error')
    return (
      <span className="ob-save ob-save-error" role="status">
        <ExclamationCircleFilled /> {t('step3.notSaved')}{' '}
        <Button type="link" size="small" onClick={onRetry}>
          {t('step1.retry')}
        </Button>
      </span>
    );
  return (
    <span className="ob-save" role="status" data-state={state}>
      {state === 'saved' ? <CheckCircleFilled /> : <CloudSyncOutlined />}{' '}
      {state === 'saved' ? t('step3.saved') : t('step3.saving')}
    </span>
  );
}

/** Step 3, Prepare 2 Lists: customers and partners, saved as you type, confirmed by Complete Step 3. */
export function Step3Lists({ progress, goTo }: StepProps) {
  const { t } = useTranslation('onboarding');
  const { lists, change, flush, state } = useListSync(progress);
  const [busy, setBusy] = useState(false);
  const ready = lists.customerList.length >= LIST_MIN_ENTRIES && lists.partnerList.length >= LIST_MIN_ENTRIES;

  const complete = async () => {
    setBusy(true);
    try {
      if (!(await flush())) return;
      await completeStep({ step: 3 });
      toast.success(t('step3.completedTitle'), t('step3.completedText'));
      goTo(4);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'lists_too_short')
        toast.error(t('step3.tooShortTitle'), t('step3.tooShortText', { min: LIST_MIN_ENTRIES }));
      else toast.error(t('errors.completeTitle'), t('errors.completeText'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ob-step">
      <p className="ob-lead">{t('step3.lead', { min: LIST_MIN_ENTRIES, target: LIST_TARGET_ENTRIES })}</p>
      <div className="ob-lists">
        <ProspectList list="customerList" entries={lists.customerList} onOp={change} />
        <ProspectList list="partnerList" entries={lists.partnerList} onOp={change} />
      </div>
      <div className="ob-step-foot">
        <SaveIndicator state={state} onRetry={() => void flush()} />
        {progress.step3Completed ? (
          <span className="ob-foot-actions">
            <span className="ob-status ob-status-ok">
              <CheckCircleFilled /> {t('step3.done')}
            </span>
            <Button type="primary" onClick={() => goTo(4)}>
              {t('nav.continueTo', { n: 4 })}
            </Button>
          </span>
        ) : (
          <span className="ob-foot-actions">
            {!ready && <span className="ob-muted">{t('step3.needMore', { min: LIST_MIN_ENTRIES })}</span>}
            <Button
              type="primary"
              size="large"
              onClick={() => void complete()}
              disabled={!ready}
              loading={busy}
            >
              {t('step3.complete')}
            </Button>
          </span>
        )}
      </div>
    </div>
  );
}
