// A small MessagePack codec for the krig protocol (no dependencies).
// Integers past 2**53 decode to BigInt and BigInt encodes as 64-bit.
// Checked against protocol/golden_v1.json by tests/test_browser.py: every
// vector decodes to its value, and re-encoding it gives the same bytes.
"use strict";

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder("utf-8", { fatal: true });

export function encode(value) {
  const out = [];
  write(out, value);
  return new Uint8Array(out);
}

function pushUint(out, n, bytes) {
  for (let i = bytes - 1; i >= 0; i--) out.push(Math.floor(n / 2 ** (8 * i)) & 0xff);
}

function write(out, v) {
  if (v === null || v === undefined) {
    out.push(0xc0);
  } else if (v === false) {
    out.push(0xc2);
  } else if (v === true) {
    out.push(0xc3);
  } else if (typeof v === "number") {
    if (Number.isInteger(v) && Math.abs(v) <= Number.MAX_SAFE_INTEGER) {
      if (v >= 0) {
        if (v < 0x80) out.push(v);
        else if (v < 0x100) out.push(0xcc, v);
        else if (v < 0x10000) { out.push(0xcd); pushUint(out, v, 2); }
        else if (v < 0x100000000) { out.push(0xce); pushUint(out, v, 4); }
        else { write(out, BigInt(v)); }
      } else if (v >= -32) {
        out.push(v & 0xff);
      } else if (v >= -128) {
        out.push(0xd0, v & 0xff);
      } else if (v >= -32768) {
        out.push(0xd1); pushUint(out, v & 0xffff, 2);
      } else if (v >= -2147483648) {
        out.push(0xd2); pushUint(out, v >>> 0, 4);
      } else {
        write(out, BigInt(v));
      }
    } else {
      const b = new DataView(new ArrayBuffer(8));
      b.setFloat64(0, v);
      out.push(0xcb, ...new Uint8Array(b.buffer));
    }
  } else if (typeof v === "bigint") {
    const b = new DataView(new ArrayBuffer(8));
    if (v >= 0n) { b.setBigUint64(0, v); out.push(0xcf); } else { b.setBigInt64(0, v); out.push(0xd3); }
    out.push(...new Uint8Array(b.buffer));
  } else if (typeof v === "string") {
    const bytes = textEncoder.encode(v);
    const n = bytes.length;
    if (n < 32) out.push(0xa0 | n);
    else if (n < 0x100) out.push(0xd9, n);
    else if (n < 0x10000) { out.push(0xda); pushUint(out, n, 2); }
    else { out.push(0xdb); pushUint(out, n, 4); }
    for (const byte of bytes) out.push(byte);
  } else if (v instanceof Uint8Array) {
    const n = v.length;
    if (n < 0x100) out.push(0xc4, n);
    else if (n < 0x10000) { out.push(0xc5); pushUint(out, n, 2); }
    else { out.push(0xc6); pushUint(out, n, 4); }
    for (const byte of v) out.push(byte);
  } else if (Array.isArray(v)) {
    const n = v.length;
    if (n < 16) out.push(0x90 | n);
    else if (n < 0x10000) { out.push(0xdc); pushUint(out, n, 2); }
    else { out.push(0xdd); pushUint(out, n, 4); }
    for (const item of v) write(out, item);
  } else if (typeof v === "object") {
    const keys = Object.keys(v);
    const n = keys.length;
    if (n < 16) out.push(0x80 | n);
    else if (n < 0x10000) { out.push(0xde); pushUint(out, n, 2); }
    else { out.push(0xdf); pushUint(out, n, 4); }
    for (const k of keys) { write(out, k); write(out, v[k]); }
  } else {
    throw new TypeError(`cannot encode ${typeof v}`);
  }
}

export function decode(buffer) {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 0;

  function need(n) {
    if (pos + n > bytes.length) throw new RangeError("truncated msgpack");
  }
  function uint(n) {
    need(n);
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 256 + bytes[pos++];
    return v;
  }
  function str(n) {
    need(n);
    const s = textDecoder.decode(bytes.subarray(pos, pos + n));
    pos += n;
    return s;
  }
  function bin(n) {
    need(n);
    const b = bytes.slice(pos, pos + n);
    pos += n;
    return b;
  }
  function array(n) {
    const a = new Array(n);
    for (let i = 0; i < n; i++) a[i] = read();
    return a;
  }
  function map(n) {
    const o = {};
    for (let i = 0; i < n; i++) {
      const k = read();
      o[String(k)] = read();
    }
    return o;
  }
  function read() {
    need(1);
    const b = bytes[pos++];
    if (b < 0x80) return b;
    if (b >= 0xe0) return b - 0x100;
    if ((b & 0xf0) === 0x80) return map(b & 0x0f);
    if ((b & 0xf0) === 0x90) return array(b & 0x0f);
    if ((b & 0xe0) === 0xa0) return str(b & 0x1f);
    switch (b) {
      case 0xc0: return null;
      case 0xc2: return false;
      case 0xc3: return true;
      case 0xc4: return bin(uint(1));
      case 0xc5: return bin(uint(2));
      case 0xc6: return bin(uint(4));
      case 0xca: { need(4); const f = view.getFloat32(pos); pos += 4; return f; }
      case 0xcb: { need(8); const f = view.getFloat64(pos); pos += 8; return f; }
      case 0xcc: return uint(1);
      case 0xcd: return uint(2);
      case 0xce: return uint(4);
      case 0xcf: {
        need(8);
        const v = view.getBigUint64(pos);
        pos += 8;
        return v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v; // BigInt past 2**53
      }
      case 0xd0: { need(1); return view.getInt8(pos++); }
      case 0xd1: { need(2); const v = view.getInt16(pos); pos += 2; return v; }
      case 0xd2: { need(4); const v = view.getInt32(pos); pos += 4; return v; }
      case 0xd3: {
        need(8);
        const v = view.getBigInt64(pos);
        pos += 8;
        return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
      }
      case 0xd9: return str(uint(1));
      case 0xda: return str(uint(2));
      case 0xdb: return str(uint(4));
      case 0xdc: return array(uint(2));
      case 0xdd: return array(uint(4));
      case 0xde: return map(uint(2));
      case 0xdf: return map(uint(4));
      case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8:
      case 0xc7: case 0xc8: case 0xc9: {
        const fixed = { 0xd4: 1, 0xd5: 2, 0xd6: 4, 0xd7: 8, 0xd8: 16 }[b];
        const n = fixed ?? uint({ 0xc7: 1, 0xc8: 2, 0xc9: 4 }[b]);
        need(1 + n);
        const type = view.getInt8(pos++);
        return { ext: type, data: bin(n) };
      }
      default: throw new RangeError(`bad msgpack byte 0x${b.toString(16)}`);
    }
  }
  const value = read();
  if (pos !== bytes.length) throw new RangeError("trailing bytes after msgpack value");
  return value;
}
