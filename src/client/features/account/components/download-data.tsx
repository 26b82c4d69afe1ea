import { Download } from 'lucide-react';
import { EXPORT_URL } from '../api/account-api.ts';

/** "Download my data": the server answers with the JSON file itself. */
export function DownloadData() {
  return (
    <a href={EXPORT_URL} download className="btn btn-outline btn-primary">
      <Download className="size-4" aria-hidden="true" />
      Download my data
    </a>
  );
}
