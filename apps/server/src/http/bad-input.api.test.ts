import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('probe', async () => {
  const sunrise = await t.tenantId('Sunrise Support Network');
  const bluegum = await t.tenantId('Bluegum Disability Services');
  const olivia = (await t.signIn('olivia.owner@sunrise.example')).inTenant(sunrise);
  const r1 = await olivia.request({
    method: 'POST',
    url: '/api/teams',
    payload: 'name=x',
    headers: { 'content-type': 'text/plain' },
  });
  console.log('textplain', r1.status, JSON.stringify(r1.body));
  const r2 = await olivia.request({
    method: 'POST',
    url: '/api/teams',
    payload: '<a/>',
    headers: { 'content-type': 'application/xml' },
  });
  console.log('xml', r2.status, JSON.stringify(r2.body));
  const r3 = await t.anonymous().inTenant(sunrise).post('/api/teams', {});
  console.log('anon bad body', r3.status, JSON.stringify(r3.body));
  const ben = (await t.signIn('ben.owner@bluegum.example')).inTenant(bluegum);
  const cur = await ben.get('/api/tenants/current');
  const r4 = await ben.patch('/api/tenants/current', {
    version: cur.body.data.version,
    settings: { customDomain: 'CARE.sunrise-support.example' },
  });
  console.log('dup domain', r4.status, JSON.stringify(r4.body));
  const ava = await t.signIn('ava.global@wattle.example');
  const a1 = await ava
    .inTenant(sunrise)
    .post('/api/teams', { name: 'Idem' }, { 'idempotency-key': 'key-12345678' });
  const a2 = await ava
    .inTenant(bluegum)
    .post('/api/teams', { name: 'Idem' }, { 'idempotency-key': 'key-12345678' });
  console.log(
    'idem cross tenant',
    a1.status,
    a2.status,
    a2.headers['idempotent-replayed'],
    a2.body.data?.tenantId === sunrise,
  );
  const r5 = await olivia.request({
    method: 'POST',
    url: '/api/teams',
    payload: '{"name":',
    headers: { 'content-type': 'application/json' },
  });
  console.log('badjson', r5.status, JSON.stringify(r5.body));
  const r6 = await olivia.post('/api/teams', { name: 123 });
  console.log('types', r6.status, JSON.stringify(r6.body));
  const r7 = await olivia.post('/api/teams', { name: '' });
  console.log('empty', r7.status, JSON.stringify(r7.body));
});
