<?php
return array(
    'dependencies' => array('wp-blocks', 'wp-element', 'wp-components', 'wp-block-editor'),
    'version' => '0.1.0',
);
