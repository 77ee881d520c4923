// What a process's resident memory holds, from /proc/<pid>/smaps and the shop's own /metrics: the
// WebAssembly memory of the embedded database (its one huge reservation), the V8 heap (as the process
// reports it), the rest of the anonymous memory (native allocations: buffers, compiled code, malloc
// arenas, the WebAssembly code), and file-backed pages (the node binary, libraries, mapped files).
import { readFileSync } from 'node:fs';

/**
 * V8 reserves several GiB of address space for each 32-bit WebAssembly memory (its bounds guard): the
 * memory's pages so far are a read-write mapping, and the rest of the reservation a mapping without
 * access right after it. The embedded database's memory is that read-write mapping.
 */
const GUARD_KIB = 1024 * 1024;

/** The resident KiB of each kind of mapping, from /proc/<pid>/smaps. */
export function residentByKind(pid) {
  const mappings = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (header) {
      const [, from, to, perms, inode, path] = header;
      mappings.push({ from, to, perms, anonymous: inode === '0' && !path.startsWith('/'), path, rss: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && mappings.length) mappings.at(-1).rss += Number(rss[1]);
  }
  const kinds = { wasmMemory: 0, anonymous: 0, heap: 0, file: 0 };
  mappings.forEach((mapping, n) => {
    const next = mappings[n + 1];
    const guarded =
      next &&
      next.from === mapping.to &&
      next.perms.startsWith('---') &&
      (parseInt(next.to, 16) - parseInt(next.from, 16)) / 1024 >= GUARD_KIB;
    if (mapping.path === '[heap]') kinds.heap += mapping.rss;
    else if (!mapping.anonymous) kinds.file += mapping.rss;
    else if (guarded && mapping.perms.startsWith('rw') && mapping.path === '')
      kinds.wasmMemory += mapping.rss;
    else kinds.anonymous += mapping.rss;
  });
  return kinds;
}

/** The V8 figures prom-client's default metrics report, in bytes (empty when /metrics is off). */
export async function v8Figures(baseUrl, token) {
  if (!token) return {};
  try {
    const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) return {};
    const text = await response.text();
    const value = (pattern) => {
      const match = new RegExp(`^${pattern} ([0-9.e+]+)$`, 'm').exec(text);
      return match ? Number(match[1]) : undefined;
    };
    return {
      heapTotal: value('nodejs_heap_size_total_bytes'),
      heapUsed: value('nodejs_heap_size_used_bytes'),
      external: value('nodejs_external_memory_bytes'),
      oldSpace: value('nodejs_heap_space_size_total_bytes\\{space="old"\\}'),
      codeSpace: value('nodejs_heap_space_size_total_bytes\\{space="code"\\}'),
      largeObjects: value('nodejs_heap_space_size_total_bytes\\{space="large_object"\\}'),
      catalogCache: value('shop_cache_bytes\\{cache="catalog"\\}'),
      contractCache: value('shop_cache_bytes\\{cache="contract_catalog"\\}'),
    };
  } catch {
    return {};
  }
}

const mib = (kib) => (kib / 1024).toFixed(0);
const mibOfBytes = (bytes) => (bytes === undefined ? '-' : (bytes / 1024 / 1024).toFixed(0));

/** One line: where the resident memory is. */
export async function describeMemory(pid, baseUrl, token) {
  const kinds = residentByKind(pid);
  const v8 = await v8Figures(baseUrl, token);
  const nativeKib = kinds.anonymous - (v8.heapTotal ?? 0) / 1024;
  return (
    `wasm memory ${mib(kinds.wasmMemory)}, malloc's main heap ${mib(kinds.heap)}, V8 heap ${mibOfBytes(v8.heapTotal)} (used ${mibOfBytes(v8.heapUsed)}, ` +
    `old ${mibOfBytes(v8.oldSpace)}, large objects ${mibOfBytes(v8.largeObjects)}, code ${mibOfBytes(v8.codeSpace)}), ` +
    `other anonymous ${v8.heapTotal === undefined ? `${mib(kinds.anonymous)} (with the V8 heap)` : mib(nativeKib)}, ` +
    `external ${mibOfBytes(v8.external)}, file-backed ${mib(kinds.file)} MiB; the catalog caches count ` +
    `${mibOfBytes(v8.catalogCache)} + ${mibOfBytes(v8.contractCache)} MiB of the V8 heap and external`
  );
}
