<?php
/**
 * The remotes' addresses (the app's config.json) and, per remote, the files its `./mount` needs first (from its
 * mf-manifest.json), kept as the price table is: fetched on WordPress's cron, never while a page waits. With them
 * the head preloads the calculator's first files while the page is still arriving, and the loader appends a
 * container without asking for the config and the manifest first. Without them the loader asks, as before.
 */

if (!defined('ABSPATH')) {
    exit;
}

const CREDIMO_REMOTES_OPTION = 'credimo_kept_remotes';
/** A deploy renames the remotes' files: a kept manifest is refreshed after a minute and not used after ten. */
const CREDIMO_REMOTES_REFRESH = MINUTE_IN_SECONDS;
const CREDIMO_REMOTES_MAX_AGE = 10 * MINUTE_IN_SECONDS;

/** A JSON document from an address, decoded, or null. */
function credimo_fetch_json($url) {
    $answer = wp_remote_get($url, array('timeout' => 5, 'headers' => array('Accept' => 'application/json')));
    if (is_wp_error($answer) || wp_remote_retrieve_response_code($answer) !== 200) {
        return null;
    }
    $decoded = json_decode(wp_remote_retrieve_body($answer), true);
    return is_array($decoded) ? $decoded : null;
}

/**
 * What the loader reads of a remote's manifest: the `./mount` expose's first-load files and, for a container that
 * borrows the federation runtime, the runtime's file. Null when the manifest is not one.
 */
function credimo_manifest_first_load($manifest) {
    if (!is_array($manifest) || !isset($manifest['exposes']) || !is_array($manifest['exposes'])) {
        return null;
    }
    foreach ($manifest['exposes'] as $expose) {
        if (isset($expose['path'], $expose['firstLoad']) && $expose['path'] === './mount' && is_array($expose['firstLoad'])) {
            $kept = array('exposes' => array(array('path' => './mount', 'firstLoad' => array_values(array_filter($expose['firstLoad'], 'is_string')))));
            if (isset($manifest['runtime']) && is_string($manifest['runtime'])) {
                $kept['runtime'] = $manifest['runtime'];
            }
            return $kept;
        }
    }
    return null;
}

/** Fetches the app's config.json and each remote's manifest, and keeps what the loader reads of them. */
function credimo_refresh_remotes() {
    $address = credimo_settings()['remotes_manifest_url'];
    $config = credimo_fetch_json($address);
    if (!is_array($config) || !isset($config['remotes']) || !is_array($config['remotes'])) {
        return false;
    }
    $manifests = array();
    foreach ($config['remotes'] as $name => $url) {
        $first = is_string($url) ? credimo_manifest_first_load(credimo_fetch_json($url)) : null;
        if ($first === null) {
            return false;
        }
        $manifests[$name] = $first;
    }
    update_option(CREDIMO_REMOTES_OPTION, array('for' => $address, 'config' => $config, 'manifests' => $manifests, 'fetched' => time()), false);
    return true;
}
add_action('credimo_refresh_remotes', 'credimo_refresh_remotes');

/**
 * The kept config and manifests (array('config' => …, 'manifests' => name => …)), or null when none is kept for
 * the configured address or it is too old. An older one than a minute is refreshed on the cron.
 */
function credimo_kept_remotes() {
    $kept = get_option(CREDIMO_REMOTES_OPTION, null);
    $now = time();
    $ours = is_array($kept) && isset($kept['for'], $kept['config'], $kept['manifests'], $kept['fetched'])
        && $kept['for'] === credimo_settings()['remotes_manifest_url'];
    if ((!$ours || $kept['fetched'] + CREDIMO_REMOTES_REFRESH <= $now) && !wp_next_scheduled('credimo_refresh_remotes')) {
        wp_schedule_single_event($now, 'credimo_refresh_remotes');
    }
    return $ours && $kept['fetched'] + CREDIMO_REMOTES_MAX_AGE > $now ? $kept : null;
}

/**
 * The scripts a remote's widget runs first, as addresses: the runtime it borrows (if any), its container and its
 * mount's first-load files (one of each content hash, as the runtime loads one). Empty when nothing is kept.
 */
function credimo_remote_first_scripts($kept, $name) {
    if ($kept === null || !isset($kept['config']['remotes'][$name], $kept['manifests'][$name])) {
        return array();
    }
    $base = preg_replace('/[^\/]*$/', '', (string) $kept['config']['remotes'][$name]);
    $manifest = $kept['manifests'][$name];
    $files = isset($manifest['runtime']) ? array($manifest['runtime']) : array();
    $files[] = 'remoteEntry.js';
    $hashes = array();
    foreach ($manifest['exposes'][0]['firstLoad'] as $file) {
        $parts = explode('.', $file);
        $hash = isset($parts[1]) ? $parts[1] : $file;
        if (!isset($hashes[$hash])) {
            $hashes[$hash] = true;
            $files[] = $file;
        }
    }
    return array_map(function ($file) use ($base) {
        return $base . $file;
    }, $files);
}
