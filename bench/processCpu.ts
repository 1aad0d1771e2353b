import fs from 'node:fs';

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux, whatever the kernel's HZ). */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds (user + system) spent so far by process `pid` and every process below it
 * (`tsx` runs the server as its child), from /proc; null where there is no /proc. On a shared
 * machine a CPU-bound server's requests a second follow the load of others; the CPU it spends a
 * request much less.
 */
export function processTreeCpuMs(pid: number): number | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let line: string;
    try {
      line = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // pid (comm) state ppid … utime stime: fields after the command's closing parenthesis.
    const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
    stats.set(Number(name), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  let ticks = 0;
  const tree = new Set([pid]);
  // Parents have lower pids than their children only mostly: go round until nothing is added.
  for (let grew = true; grew;) {
    grew = false;
    for (const [id, stat] of stats) {
      if (!tree.has(id) && tree.has(stat.parent)) {
        tree.add(id);
        grew = true;
      }
    }
  }
  for (const id of tree) ticks += stats.get(id)?.ticks ?? 0;
  return (ticks * 1000) / TICKS_PER_SECOND;
}
