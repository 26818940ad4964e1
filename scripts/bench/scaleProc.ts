// /proc readings for the scale bench (Linux): CPU time of a process and of a PostgreSQL cluster's
// processes, memory, and the machine. The parsers are pure (scale.test.ts); the readers return
// NaN / undefined where /proc is not there.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** sysconf(_SC_CLK_TCK): 100 on every Linux this runs on (proc(5) times are in these ticks). */
export const CLOCK_TICKS = 100;

export interface ProcStat {
  pid: number;
  ppid: number;
  /** Clock ticks: the process's own user and system time, and that of its waited-for children. */
  utime: number;
  stime: number;
  cutime: number;
  cstime: number;
}

/** /proc/<pid>/stat. The command name (field 2) may hold spaces and parentheses: split after the last ')'. */
export function parseStat(text: string): ProcStat {
  const close = text.lastIndexOf(')');
  if (close < 0) throw new Error('not a /proc/<pid>/stat line');
  const pid = Number(text.slice(0, text.indexOf('(')).trim());
  // After ") ": field 3 (state) is f[0], so field k is f[k - 3].
  const f = text.slice(close + 2).trim().split(/\s+/);
  return { pid, ppid: Number(f[1]), utime: Number(f[11]), stime: Number(f[12]), cutime: Number(f[13]), cstime: Number(f[14]) };
}

/** A `Key:   123 kB` line of /proc/<pid>/status, /proc/meminfo or smaps_rollup, in kB. */
export function parseKb(text: string, key: string): number | undefined {
  const m = new RegExp(`^${key}:\\s+(\\d+)\\s*kB`, 'm').exec(text);
  return m ? Number(m[1]) : undefined;
}

/** /proc/cpuinfo: the first model name and the number of logical processors. */
export function parseCpuinfo(text: string): { model: string; logical: number } {
  const model = /^model name\s*:\s*(.+)$/m.exec(text)?.[1].trim() ?? 'unknown';
  const logical = (text.match(/^processor\s*:/gm) ?? []).length;
  return { model, logical };
}

const ticksToMs = (ticks: number) => (ticks * 1000) / CLOCK_TICKS;

function readStat(pid: number): ProcStat | undefined {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined; // gone, or not Linux
  }
}

/** CPU milliseconds (user + system) the process has used so far; NaN when it cannot be read. */
export function processCpuMs(pid: number): number {
  const s = readStat(pid);
  return s ? ticksToMs(s.utime + s.stime) : NaN;
}

/** Every process whose parent is `ppid` (one scan of /proc). */
export function childrenOf(ppid: number): ProcStat[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const out: ProcStat[] = [];
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const s = readStat(Number(name));
    if (s && s.ppid === ppid) out.push(s);
  }
  return out;
}

/**
 * CPU milliseconds of a PostgreSQL cluster so far: the postmaster, every process it has now
 * (backends, autovacuum, checkpointer, WAL writer…), and those that have exited (their time is in
 * the postmaster's cutime/cstime once it has waited for them). A difference of two readings is
 * what the cluster spent in between.
 */
export function clusterCpuMs(postmaster: number): number {
  const p = readStat(postmaster);
  if (!p) return NaN;
  let ticks = p.utime + p.stime + p.cutime + p.cstime;
  for (const c of childrenOf(postmaster)) ticks += c.utime + c.stime;
  return ticksToMs(ticks);
}

/** The 1-minute load average (/proc/loadavg; os.loadavg() elsewhere): how busy the shared machine was. */
export function loadAverage(): number {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return os.loadavg()[0];
  }
}

export interface ProcessMemory {
  /** Resident set now and its peak (VmHWM), in MB. */
  rssMB: number;
  peakMB: number;
}

const mb = (kb: number | undefined) => (kb === undefined ? NaN : Math.round((kb / 1024) * 10) / 10);

export function processMemory(pid: number): ProcessMemory {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return { rssMB: mb(parseKb(status, 'VmRSS')), peakMB: mb(parseKb(status, 'VmHWM')) };
  } catch {
    return { rssMB: NaN, peakMB: NaN };
  }
}

/**
 * The cluster's memory as its share of pages (PSS, from smaps_rollup), summed over the postmaster
 * and its children: shared buffers are counted once, not once per backend as RSS would. MB.
 */
export function clusterPssMB(postmaster: number): number {
  let kb = 0;
  for (const pid of [postmaster, ...childrenOf(postmaster).map((c) => c.pid)]) {
    try {
      kb += parseKb(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss') ?? 0;
    } catch {
      // exited meanwhile
    }
  }
  return mb(kb);
}

export interface Machine {
  cpu: string;
  /** Logical processors the kernel shows. */
  cores: number;
  memoryGB: number;
  kernel: string;
  node: string;
  postgres?: string;
}

/** CPU model, logical processors and RAM from /proc (os module where /proc is missing). */
export function procMachine(): Machine {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  let cores = os.cpus().length;
  let memoryKb = os.totalmem() / 1024;
  try {
    const info = parseCpuinfo(readFileSync('/proc/cpuinfo', 'utf8'));
    cpu = info.model;
    if (info.logical > 0) cores = info.logical;
    memoryKb = parseKb(readFileSync('/proc/meminfo', 'utf8'), 'MemTotal') ?? memoryKb;
  } catch {
    // not Linux: the os module's view
  }
  return {
    cpu,
    cores,
    memoryGB: Math.round((memoryKb / 1024 / 1024) * 10) / 10,
    kernel: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}
