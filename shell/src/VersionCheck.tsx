import { Button, Modal, messages } from '@credimo/shared';
import { useEffect, useState } from 'react';
import { reloadPage } from './browser';
import { fetchVersion, watchVersion } from './version-check';

/** When /version.json names another version, the customer is asked to reload. */
export function VersionCheck({ readVersion = fetchVersion }: { readVersion?: () => Promise<string | null> }) {
  const [newVersion, setNewVersion] = useState(false);
  useEffect(() => watchVersion({ readVersion, onNewVersion: () => setNewVersion(true) }), [readVersion]);
  if (!newVersion) return null;
  return (
    <Modal
      title={messages.newVersionTitle}
      onClose={() => setNewVersion(false)}
      actions={<Button onClick={() => reloadPage()}>{messages.newVersionReload}</Button>}
    >
      <p>{messages.newVersionAvailable}</p>
    </Modal>
  );
}
