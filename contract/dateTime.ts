import dayjs from 'dayjs';

/** Date-times travel as `YYYY-MM-DD HH:mm:ss` in the server's local time (spec §5, §9). */
export const dateTime = (at: Date) => dayjs(at).format('YYYY-MM-DD HH:mm:ss');
