import Router from '@koa/router';
import { trackerIdOfPublicToken, trackerJson } from '../http/objects.js';
import { type SimState } from '../state/sim-state.js';
import { viewOf } from '../state/trackers.js';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** The page a tracker's `public_url` opens (in place of track.easypost.com): its scans, newest first. */
export function publicRoutes(state: SimState): Router {
  const router = new Router();
  router.get('/track/:token', (ctx) => {
    const record = state.trackers.get(trackerIdOfPublicToken(ctx.params.token!));
    if (!record) {
      ctx.status = 404;
      ctx.type = 'text/html';
      ctx.body = '<!doctype html><title>Not found</title><p>No such tracker.</p>';
      return;
    }
    const tracker = trackerJson(record, viewOf(record, state.now()), state.publicUrl);
    const rows = [...tracker.tracking_details]
      .reverse()
      .map((detail) => {
        const where = [detail.tracking_location.city, detail.tracking_location.state]
          .filter(Boolean)
          .join(', ');
        return `<tr><td>${escape(detail.datetime)}</td><td>${escape(detail.message)}</td><td>${escape(where)}</td></tr>`;
      })
      .join('');
    ctx.type = 'text/html';
    ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(tracker.tracking_code)}</title></head><body>
<h1>${escape(tracker.carrier)} ${escape(tracker.tracking_code)}</h1>
<p data-testid="tracker-status">${escape(tracker.status)}${tracker.est_delivery_date ? ` · expected ${escape(tracker.est_delivery_date)}` : ''}</p>
<table><thead><tr><th>When</th><th>What</th><th>Where</th></tr></thead><tbody>${rows}</tbody></table>
<p><small>EasyPost simulator</small></p></body></html>`;
  });
  return router;
}
