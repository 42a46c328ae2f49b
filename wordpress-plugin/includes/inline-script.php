<?php
/** Inline scripts the plugin prints. */

if (!defined('ABSPATH')) {
    exit;
}

/**
 * An inline script of ours, with the nonce a site's CSP plugin gives inline scripts through core's filter
 * (WordPress 5.7+), so it runs under a policy without 'unsafe-inline'. Printed by hand, not by
 * wp_get_inline_script_tag, which may wrap it in CDATA: a '<' that content filters would read as a tag.
 */
function credimo_inline_script_tag($id, $source) {
    $attributes = apply_filters('wp_inline_script_attributes', array('id' => $id), $source);
    $nonce = empty($attributes['nonce']) ? '' : ' nonce="' . esc_attr($attributes['nonce']) . '"';
    return '<script id="' . esc_attr($id) . '"' . $nonce . '>' . $source . '</script>';
}
