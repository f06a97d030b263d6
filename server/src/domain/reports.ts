// Reports: what a merchant's money did over a range of days, in the merchant's own time zone,
// added up by PostgreSQL in one statement (one row per day, zeros where nothing happened).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../persistence/sql.ts';
import { ApiError } from './errors.ts';
import type { Caller } from './merchants.ts';
import { addKobo, koboFromDb, netOfFeesAndRefunds, type Kobo } from './money.ts';

/** The longest range one report covers: a year and a day (a leap year from any day). */
export const MAX_REPORT_DAYS = 366;

export interface DayFigures {
  /** YYYY-MM-DD, in the merchant's time zone. */
  date: string;
  /** Succeeded payments' amounts, by the day they succeeded. */
  volume: Kobo;
  count: number;
  /** The service fees of those payments. */
  fees: Kobo;
  /** Refunds made that day (less any the card processor failed, whose money came back). */
  refunded: Kobo;
  /** volume - fees - refunded. */
  net: Kobo;
}

export interface Summary {
  from: string;
  to: string;
  timeZone: string;
  totals: Omit<DayFigures, 'date'>;
  days: DayFigures[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayNumber(date: string, param: string): number {
  const time = DATE.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) {
    throw new ApiError('invalid_request', `${param} must be a day, YYYY-MM-DD (got "${date.slice(0, 40)}").`, param);
  }
  return time / 86_400_000;
}

/** The caller's figures for each day from `from` to `to`, both included, in its time zone. */
export async function summary(em: EntityManager, caller: Caller, from: string, to: string): Promise<Summary> {
  const first = dayNumber(from, 'from');
  const last = dayNumber(to, 'to');
  if (last < first) throw new ApiError('invalid_request', `to (${to}) is before from (${from}).`, 'to');
  if (last - first + 1 > MAX_REPORT_DAYS) throw new ApiError('invalid_request', `A report covers at most ${MAX_REPORT_DAYS} days; this range has ${last - first + 1}.`, 'to');
  const rows = await sql<{ day: string; count: number; volume: string; fees: string; refunded: string; time_zone: string }>(
    em,
    `with zone as (select time_zone as tz from merchants where id = $1),
          span as (select ($3::date::timestamp at time zone zone.tz) as starts, (($4::date + 1)::timestamp at time zone zone.tz) as ends, zone.tz from zone),
          days as (select d::date as day from generate_series($3::date, $4::date, interval '1 day') d),
          paid as (
            select (i.succeeded_at at time zone span.tz)::date as day, count(*)::int as count, sum(i.amount) as volume, sum(coalesce(i.service_fee, 0)) as fees
              from payment_intents i, span
             where i.merchant_id = $1 and i.livemode = $2 and i.succeeded_at is not null
               and i.succeeded_at >= span.starts and i.succeeded_at < span.ends
             group by 1),
          refunded as (
            select (r.created_at at time zone span.tz)::date as day, sum(r.amount) as refunded
              from refunds r, span
             where r.merchant_id = $1 and r.livemode = $2 and r.created_at >= span.starts and r.created_at < span.ends
               and r.destination_status is distinct from 'failed'
             group by 1)
     select days.day::text as day, coalesce(paid.count, 0) as count, coalesce(paid.volume, 0)::text as volume,
            coalesce(paid.fees, 0)::text as fees, coalesce(refunded.refunded, 0)::text as refunded, (select tz from zone) as time_zone
       from days left join paid on paid.day = days.day left join refunded on refunded.day = days.day
      order by days.day`,
    [caller.merchant.id, caller.livemode, from, to],
  );
  const days = rows.map((row) => {
    const volume = koboFromDb(row.volume);
    const fees = koboFromDb(row.fees);
    const refunded = koboFromDb(row.refunded);
    return { date: row.day, volume, count: row.count, fees, refunded, net: netOfFeesAndRefunds(volume, fees, refunded) };
  });
  const totals = days.reduce(
    (sum, day) => ({
      volume: addKobo(sum.volume, day.volume),
      count: sum.count + day.count,
      fees: addKobo(sum.fees, day.fees),
      refunded: addKobo(sum.refunded, day.refunded),
      net: addKobo(sum.net, day.net),
    }),
    { volume: 0n, count: 0, fees: 0n, refunded: 0n, net: 0n },
  );
  return { from, to, timeZone: rows[0]?.time_zone ?? 'Africa/Lagos', totals, days };
}
